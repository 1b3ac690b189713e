/**
 * The real thing (issue 20): Debian's nginx running deploy/nginx.conf, with only its ports, paths
 * and certificate swapped for test ones, in front of two built app instances on one PostgreSQL
 * database, spoken to over HTTPS. This is also the check that docs/deploy.md's nginx and
 * TRUST_PROXY settings work together.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHOTO_MAX_BYTES } from '@bit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/services/accounts/throttle-limits';
import {
  call,
  freePort,
  insertStudent,
  killAllServers,
  type ServerProcess,
  sleep,
  startServer,
} from '../faults/process';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';
import { multipart } from '../multipart';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx.conf');
const HOST = 'complaints.example.edu';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

// several instances share one database only on PostgreSQL; .ci/run installs nginx
const why =
  TEST_DIALECT !== 'postgres'
    ? 'needs PostgreSQL: runs in the server-postgres project, when TEST_DATABASE_URL is set'
    : !NGINX
      ? 'needs nginx: apt-get install nginx openssl (.ci/run does)'
      : undefined;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.skipIf(why !== undefined)(
  `nginx with deploy/nginx.conf in front of two instances${why ? ` (skipped: ${why})` : ''}`,
  () => {
    let t: TestDb;
    let a: ServerProcess;
    let b: ServerProcess;
    let nginx: ChildProcess | undefined;
    let dir: string;
    let ca: Buffer;
    let httpPort: number;
    let httpsPort: number;
    let errorLog = '';
    const ASSET = 'index-Tq3xK9aB.js';

    /** A request to nginx over HTTPS, trusting only the test CA, from the given loopback address. */
    const viaHttps = (
      urlPath: string,
      opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
    ) =>
      new Promise<Answer>((resolve, reject) => {
        const req = https.request(
          {
            host: '127.0.0.1',
            port: httpsPort,
            servername: HOST,
            ca,
            path: urlPath,
            method: opts.method ?? 'GET',
            headers: { host: HOST, ...opts.headers },
            localAddress: opts.from ?? '127.0.0.1',
            agent: false,
            // an 8 MiB photo decoded beside three other test files on two cores took longer than 15 s
            timeout: 60_000,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString(),
              }),
            );
          },
        );
        req.on('error', reject);
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.end(opts.body);
      });

    const json = (body: unknown, extra: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `https://${HOST}`, ...extra },
      body: JSON.stringify(body),
    });

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-nginx-'));
      const webDist = path.join(dir, 'web');
      fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
      fs.writeFileSync(
        path.join(webDist, 'index.html'),
        '<!doctype html><title>test</title><div id="root"></div>',
      );
      fs.writeFileSync(path.join(webDist, 'assets', ASSET), 'console.log("hashed asset");');

      execFileSync(
        'openssl',
        [
          ...[
            'req',
            '-x509',
            '-newkey',
            'ec',
            '-pkeyopt',
            'ec_paramgen_curve:prime256v1',
            '-nodes',
            '-days',
            '1',
          ],
          ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
          ...['-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`],
        ],
        { stdio: 'ignore' },
      );
      ca = fs.readFileSync(path.join(dir, 'cert.pem'));

      t = await createTestDatabase();
      const [portA, portB] = [await freePort(), await freePort()];
      httpPort = await freePort();
      httpsPort = await freePort();
      const env = {
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.url,
        TRUST_PROXY: '1',
        PUBLIC_URL: `https://${HOST}`,
        WEB_DIST: webDist,
      };
      [a, b] = await Promise.all([
        startServer({ ...env, PORT: portA }),
        startServer({ ...env, PORT: portB }),
      ]);

      let site = fs.readFileSync(SITE, 'utf8');
      const swap = (from: string | RegExp, to: string) => {
        const next = site.replace(from, to);
        // the test must break when the site changes in a way it no longer swaps
        if (next === site) throw new Error(`deploy/nginx.conf no longer contains ${from}`);
        site = next;
      };
      swap('server 127.0.0.1:3001', `server 127.0.0.1:${portA}`);
      swap('server 127.0.0.1:3002', `server 127.0.0.1:${portB}`);
      swap(/listen 80;/, `listen 127.0.0.1:${httpPort};`);
      swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`);
      // the test machine may have no IPv6
      swap(/\n\s*listen \[::\]:80;/, '');
      swap(/\n\s*listen \[::\]:443 ssl http2;/, '');
      swap(`/etc/letsencrypt/live/${HOST}/fullchain.pem`, path.join(dir, 'cert.pem'));
      swap(`/etc/letsencrypt/live/${HOST}/privkey.pem`, path.join(dir, 'key.pem'));
      swap('/opt/complaints/apps/web/dist', webDist);
      swap('/var/www/letsencrypt', path.join(dir, 'acme'));

      errorLog = path.join(dir, 'error.log');
      const temp = (name: string) => path.join(dir, name);
      const conf = [
        // started by root, nginx would run its workers as nobody, who cannot read this 0700 folder
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        `error_log ${errorLog} warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        `  access_log ${temp('access.log')};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${temp(k)};`),
        site,
        '}',
      ].join('\n');
      fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
      nginx = spawn(
        NGINX!,
        [
          '-p',
          dir,
          '-c',
          path.join(dir, 'nginx.conf'),
          '-e',
          errorLog,
          '-g',
          `daemon off; pid ${temp('nginx.pid')};`,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      nginx.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}\n${readErrorLog()}`);
        try {
          if ((await viaHttps('/api/health')).status === 200) break;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`nginx did not answer: ${stderr}\n${readErrorLog()}`);
        await sleep(100);
      }
    });

    const readErrorLog = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');

    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        const gone = new Promise((r) => nginx!.once('exit', r));
        nginx.kill('SIGTERM');
        await gone;
      }
      await killAllServers();
      await t?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('redirects plain HTTP to the HTTPS address, path and query kept', async () => {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            {
              host: '127.0.0.1',
              port: httpPort,
              path: '/student/complaints?page=2',
              headers: { host: HOST },
            },
            resolve,
          )
          .on('error', reject),
      );
      res.resume();
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`https://${HOST}/student/complaints?page=2`);
    });

    it('serves hashed assets cached for a year as immutable, and index.html with no-cache', async () => {
      const asset = await viaHttps(`/assets/${ASSET}`);
      expect(asset.status).toBe(200);
      expect(asset.body).toContain('hashed asset');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['strict-transport-security']).toMatch(/max-age=\d+/);

      for (const page of ['/', '/student/complaints']) {
        const res = await viaHttps(page);
        expect(res.status).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      // a missing asset is not cached as if it were one
      const missing = await viaHttps('/assets/index-missing.js');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBeUndefined();
    });

    it('signs in over HTTPS with a Secure session cookie that works on both instances', async () => {
      const student = await insertStudent(t);
      const login = await viaHttps(
        '/api/auth/student-login',
        json({ email: student.email, password: student.password }),
      );
      expect(login.status).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/;\s*Secure/i);
      expect(setCookie).toMatch(/;\s*HttpOnly/i);
      // the device cookie (CONTRACT 6.5) is Secure too
      expect(setCookie).toMatch(/device=[^;]+;[^,]*Secure/i);
      const cookie = setCookie.split(';')[0]!;
      for (const instance of [a, b]) {
        const res = await fetch(`${instance.url}/api/auth/check-auth`, { headers: { cookie } });
        expect({ instance: instance.port, status: res.status }).toEqual({
          instance: instance.port,
          status: 200,
        });
      }
    });

    it('throttles by the address that reached nginx, and a forged X-Forwarded-For gives no fresh one', async () => {
      const student = await insertStudent(t);
      const max = LIMITS.loginPerAddress.max;
      for (let i = 0; i < max; i++) {
        // each attempt claims to come from somewhere else, on another account
        const res = await viaHttps(
          '/api/auth/student-login',
          json(
            { email: `spray${i}@bitmesra.ac.in`, password: `wrong-${i}` },
            { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` },
          ),
        );
        expect({ attempt: i + 1, status: res.status }).toEqual({ attempt: i + 1, status: 404 });
      }
      // the address nginx saw is locked (CONTRACT 6.5), whatever the client wrote
      const forged = await viaHttps(
        '/api/auth/student-login',
        json({ email: student.email, password: student.password }, { 'x-forwarded-for': '198.51.100.7' }),
      );
      expect(forged.status).toBe(429);
      expect(forged.headers['retry-after']).toMatch(/^\d+$/);

      // another real address is not: the app tells addresses apart behind the proxy, so it is
      // reading the one nginx saw
      const elsewhere = await viaHttps('/api/auth/student-login', {
        ...json({ email: student.email, password: student.password }),
        from: '127.0.0.2',
      });
      expect(elsewhere.status).toBe(200);
    }, 180_000);

    it('lets a photo of nearly 8 MiB through to the app', async () => {
      const student = await insertStudent(t);
      const filed = await call(a.url, 'POST', '/api/complaints', {
        token: student.token,
        body: { type: 'College', subType: 'IT Support', description: 'a photo through the proxy' },
      });
      expect(filed.status).toBe(201);
      // random noise barely compresses: a real JPEG close to the limit
      const side = 2400;
      const photo = await sharp(crypto.randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .jpeg({ quality: 100 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(PHOTO_MAX_BYTES - 1024 * 1024);
      expect(photo.length).toBeLessThan(PHOTO_MAX_BYTES);
      const form = await multipart({}, { name: 'noise.jpg', data: photo, type: 'image/jpeg', field: 'file' });
      const res = await viaHttps(`/api/complaints/${filed.body.complaint.id}/attachments`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${student.token}`, origin: `https://${HOST}` },
        body: form.payload,
      });
      expect(res.status, res.body.slice(0, 300)).toBe(201);
      expect(readErrorLog()).not.toMatch(/client intended to send too large body/);
    }, 120_000);
  },
);
