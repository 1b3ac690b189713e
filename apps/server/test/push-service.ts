import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/**
 * A push service for the tests (CONTRACT 6.3), on loopback over HTTPS with a certificate made here.
 * It does what a real one does before accepting a push: it checks the VAPID token (RFC 8292) against
 * the key it was given, and it holds the subscription's private key, so it DECRYPTS each payload
 * (RFC 8291, aes128gcm) with Node's ECDH and HKDF, independently of the web-push package that
 * encrypted it. A push that is not signed by that key, or not encrypted for that subscription, is
 * refused with 401 or 400 and recorded as refused: a test fails.
 */

export interface ReceivedPush {
  subscription: string;
  payload: { title: string; body: string; url: string };
  headers: Record<string, string | string[] | undefined>;
  jwt: { aud: string; exp: number; sub: string };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface TestPushService {
  /** host:port for PUSH_ALLOW_HOSTS */
  host: string;
  /** the service's certificate, for the sender to trust */
  ca: string;
  received: ReceivedPush[];
  refused: { subscription: string; status: number; why: string }[];
  /** the VAPID public key (base64url) every push must be signed with */
  expectKey(key: string): void;
  subscribe(): TestSubscription;
  /** the status the next requests for a subscription answer (404, 410, 500…), instead of 201 */
  answer(subscriptionId: string, status: number): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:push.test,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, an ES256 JWT signed by the key `k`, which must be the expected one. */
function verifyVapid(authorization: string | undefined, expectedKey: string, origin: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error('no VAPID authorization');
  const [, jwt = '', key = ''] = m;
  if (key !== expectedKey) throw new Error('signed with another key');
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['jwt'];
  if (body.aud !== origin) throw new Error(`audience ${body.aud}, not ${origin}`);
  if (!(body.exp * 1000 > Date.now())) throw new Error('expired token');
  return body;
}

/** RFC 8291 + RFC 8188: one aes128gcm record, decrypted with the subscription's private key. */
function decrypt(body: Buffer, ua: crypto.ECDH, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error('no sender key in the header');
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // the last record ends with the delimiter 0x02, then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startTestPushService(): Promise<TestPushService> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; status?: number }>();
  const received: ReceivedPush[] = [];
  const refused: TestPushService['refused'] = [];
  let vapidKey = '';
  let port = 0;

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const sub = subscriptions.get(id);
      const refuse = (status: number, why: string) => {
        refused.push({ subscription: id, status, why });
        res.writeHead(status).end(why);
      };
      if (!sub) return refuse(404, 'no such subscription');
      if (sub.status) return res.writeHead(sub.status).end();
      try {
        // the audience is the origin the sender addressed (localhost, or a name the test resolves)
        const jwt = verifyVapid(req.headers.authorization, vapidKey, `https://${req.headers.host}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const text = decrypt(Buffer.concat(chunks), sub.ecdh, sub.auth);
        received.push({ subscription: id, payload: JSON.parse(text), headers: req.headers, jwt });
        res.writeHead(201).end();
      } catch (err) {
        refuse(
          /VAPID|key|signature|ES256|audience|expired/.test((err as Error).message) ? 401 : 400,
          (err as Error).message,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  let n = 0;

  return {
    host: `localhost:${port}`,
    ca: cert,
    received,
    refused,
    expectKey(key) {
      vapidKey = key;
    },
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = `s${++n}-${crypto.randomBytes(4).toString('hex')}`;
      subscriptions.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `https://localhost:${port}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    answer(id, status) {
      const sub = subscriptions.get(id);
      if (sub) sub.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
