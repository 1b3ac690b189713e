/**
 * The systemd units run the server as their main process and stop it with SIGTERM (KillMode=mixed):
 * it must be gone, workers and all, well within the unit's TimeoutStopSec. The units themselves
 * are checked against systemd's own parser where it is installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { killAllServers, sleep, startServer } from '../faults/process';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const UNITS = ['complaints.service', 'complaints@.service'];

const setting = (unit: string, key: string) =>
  fs
    .readFileSync(path.join(DEPLOY, unit), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${key}=`))
    .map((l) => l.slice(key.length + 1));

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the systemd units', () => {
  it.each(UNITS)('%s runs the built server with node directly, not through npm or a shell', (unit) => {
    expect(setting(unit, 'ExecStart')).toEqual([
      '/usr/bin/node /opt/complaints/apps/server/dist/cli.js serve',
    ]);
    expect(setting(unit, 'KillMode')).toEqual(['mixed']);
    expect(Number(setting(unit, 'TimeoutStopSec')[0])).toBeGreaterThan(12);
    expect(setting(unit, 'EnvironmentFile')).toEqual(['/etc/complaints/env']);
    for (const key of ['NoNewPrivileges', 'PrivateTmp']) expect(setting(unit, key)).toEqual(['yes']);
    expect(setting(unit, 'ProtectSystem')).toEqual(['strict']);
    expect(setting(unit, 'ReadWritePaths')).toEqual(['/var/lib/complaints']);
  });

  it('deploy/env.example is a configuration the server accepts, behind one proxy at the https address', () => {
    const env = Object.fromEntries(
      fs
        .readFileSync(path.join(DEPLOY, 'env.example'), 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => {
          const at = l.indexOf('=');
          return [l.slice(0, at), l.slice(at + 1).replace(/^"(.*)"$/, '$1')];
        }),
    );
    expect(env.PORT).toBeUndefined();
    expect(env.WORKERS).toBeUndefined();
    const config = loadConfig(env);
    expect(config.trustProxy).toBe(1);
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.mailFrom).toBe('BIT Mesra Complaint System <no-reply@bitmesra.ac.in>');
  });

  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => fs.existsSync(p));
  it.skipIf(!analyze)('every unit in deploy/ passes systemd-analyze verify without a warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-units-'));
    try {
      // a template is verified through one of its instances
      fs.copyFileSync(path.join(DEPLOY, 'complaints@.service'), path.join(dir, 'complaints@3001.service'));
      const units = ['complaints.service', 'complaints-backup.service', 'complaints-backup.timer'];
      for (const unit of units) fs.copyFileSync(path.join(DEPLOY, unit), path.join(dir, unit));
      for (const unit of [...units, 'complaints@3001.service']) {
        const res = spawnSync(analyze!, ['verify', `./${unit}`], { cwd: dir, encoding: 'utf8' });
        // a missing /usr/bin/node on a test machine is the only complaint allowed
        const complaints = `${res.stdout}${res.stderr}`
          .split('\n')
          .filter((l) => l.trim() && !/usr\/bin\/node/.test(l));
        expect({ unit, complaints }).toEqual({ unit, complaints: [] });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(`the unit's command on SIGTERM (${TEST_DIALECT})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await killAllServers();
    await t?.drop();
  });

  it.each([1, 2])(
    'with WORKERS=%i stops within 10 s, every worker gone, even with a client connected',
    async (workers) => {
      const server = await startServer({ DATA_DIR: t.dataDir, DATABASE_URL: t.url, WORKERS: workers });
      const children = () => {
        try {
          return execFileSync('pgrep', ['-P', String(server.proc.pid)], { encoding: 'utf8' })
            .split('\n')
            .filter(Boolean)
            .map(Number);
        } catch {
          return []; // pgrep exits 1 when there are none
        }
      };
      const pids = [server.proc.pid!, ...children()];
      expect(pids).toHaveLength(workers === 1 ? 1 : 1 + workers);
      // an idle keep-alive connection, as nginx's upstream pool holds, must not hold the server open
      const idle = net.connect(server.port, '127.0.0.1');
      await new Promise((r) => idle.once('connect', r));
      idle.write('GET /api/health HTTP/1.1\r\nhost: x\r\nconnection: keep-alive\r\n\r\n');
      await sleep(200);

      const started = Date.now();
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      idle.destroy();
      // the supervisor waits for its workers before it exits
      expect(pids.filter(isAlive)).toEqual([]);
    },
  );
});
