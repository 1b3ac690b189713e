import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { TServer } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A real SMTP server on loopback that files every mail it receives as JSON for the tests to read. */
function startSmtpSink(mailDir: string): Promise<{ port: number; close(): Promise<void> }> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(mailDir, `${Date.now()}-${++n}.json`);
        // written under another name and renamed, so a test polling the folder never reads half a file
        // (a test read one mid-write and failed on "Unexpected end of JSON input")
        fs.writeFileSync(`${file}.part`, JSON.stringify({ to, subject, raw, at: Date.now() }));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ port, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not start. Its log:\n${fs.readFileSync(logFile, 'utf8')}`);
}

/** A port nothing listens on now, for a server to take. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * One server for one test worker: its own data folder (SQLite) or database (PostgreSQL), SMTP sink and
 * port, on a snapshot of the built web app. Answers what the worker needs and how to stop it all.
 */
async function startServer(
  dialect: string,
  workDir: string,
  webDist: string,
): Promise<{ server: TServer; stop(): Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, 'data');
  const mailDir = path.join(workDir, 'mails');
  fs.mkdirSync(mailDir, { recursive: true });

  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('E2E_DIALECT=postgres needs TEST_DATABASE_URL');
    const name =
      `bitc_e2e_${Date.now()}_${process.pid}_${path.basename(workDir).replace(/\W/g, '_')}`.toLowerCase();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  const smtp = await startSmtpSink(mailDir);
  const serverEnv: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: baseURL,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    // the API contexts of support/sessions.ts each name a client address of their own
    TRUST_PROXY: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const logFile = path.join(workDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), 'serve'], {
    cwd: root,
    env: { ...process.env, ...serverEnv, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(baseURL, child, logFile);

  const stop = async () => {
    // a server that already died would never emit 'exit' again; a stuck one is killed after 10 s
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    // smtp-server waits for open connections; do not let one hold the run
    await Promise.race([smtp.close(), new Promise((r) => setTimeout(r, 5_000))]);
    await dropDatabase();
  };
  return { server: { baseURL, mailDir, env: serverEnv }, stop };
}

/**
 * Starts one server per test worker (the config's `workers`): each worker's tests run against their own
 * (support/server.ts), so workers never meet in the same data and the specs need not know of each other.
 */
export default async function globalSetup(config: FullConfig) {
  const dialect = process.env.E2E_DIALECT ?? 'sqlite';
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `bitc-e2e-${dialect}-`));

  // A snapshot of the built web app: a rebuild during the run (another terminal, a watcher) would
  // otherwise replace the hashed chunks that the index.html the server holds refers to.
  const webDist = path.join(workDir, 'web');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });

  const started = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, (_, i) =>
      startServer(dialect, path.join(workDir, `worker-${i}`), webDist),
    ),
  );
  // handed to the test workers through the environment
  process.env.E2E_SERVERS = JSON.stringify(started.map((s) => s.server));

  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
