/** CONTRACT 6.3: Web Push end to end, against a push service that checks the signature and decrypts, on both dialects. */
import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import path from 'node:path';
import { MSG_PUSH } from '@bit/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { type Built, buildAdmin, buildAuthority, buildStudent, lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../../../test/push-service';
import { startPushSender } from '../../delivery/push/sender';
import {
  pushSubscriptionCleanup,
  subscribePush,
  vapidKeys,
} from '../../services/accounts/push-subscriptions';
import {
  createSession,
  findSession,
  revokeAllSessions,
  revokeSession,
  SESSION_TTL_MS,
  tokenHashOf,
} from '../../services/accounts/sessions';
import { newComplaintDigest } from '../../services/oversight/digest';
import { overdueEscalation } from '../../services/oversight/escalation';
import { runDueJobs } from '../../services/oversight/scheduler';
import { file, hostelComplaint, mailsTo, reopen, say, update } from '../complaints/test-helpers';

let t: TestApp;
let service: TestPushService;
let key: string;

/** Names the tests make resolve as they please; any other goes to the system's resolver. */
const answers = new Map<string, string[]>();
const systemLookup = dns.promises.lookup;
vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string, options: dns.LookupAllOptions) => {
  const given = answers.get(host);
  if (given) return given.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  return systemLookup(host, options);
}) as typeof dns.promises.lookup);

beforeAll(async () => {
  service = await startTestPushService();
  const port = service.host.split(':')[1];
  t = await createTestApp({ config: { pushAllowHosts: [service.host, `push.test:${port}`] } });
  key = (await t.request({ method: 'GET', url: '/api/push/key' })).body.key;
  service.expectKey(key);
});
afterAll(async () => {
  await t.close();
  await service.close();
});
afterEach(() => answers.clear());

const subscribe = (who: Built, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
  t.request({
    method: 'POST',
    url: '/api/me/push-subscriptions',
    token: who.token,
    payload: { endpoint: sub.endpoint, keys: sub.keys },
  });

/** A browser of `who`, subscribed at the test push service. */
async function browserOf(who: Built): Promise<TestSubscription> {
  const sub = service.subscribe();
  const res = await subscribe(who, sub);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return sub;
}

/** Runs one sender until the queue is empty, as an instance would after a commit. */
async function deliver(ctx = t.ctx) {
  const sender = startPushSender(ctx, { vapidKeys: () => vapidKeys(ctx), ca: service.ca });
  const n = await sender.drain();
  await sender.stop();
  return n;
}

const pushesOf = (sub: TestSubscription) => service.received.filter((r) => r.subscription === sub.id);
const queued = () => t.ctx.database.db.selectFrom('push_outbox').selectAll().execute();
const subscriptionsOf = (who: Built) =>
  t.ctx.database.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', who.id)
    .orderBy('id')
    .execute();
const link = (token: string) => `${t.config.publicUrl}/complaint-status?token=${token}`;

describe('GET /api/push/key', () => {
  it('answers anyone the VAPID public key, made once and kept in the database', async () => {
    const again = await t.request({ method: 'GET', url: '/api/push/key' });
    expect(again.body).toEqual({ key });
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const row = await t.ctx.database.db
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', 'vapid')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value).publicKey).toBe(key);
  });

  it('answers VAPID_PUBLIC_KEY when the environment gives the pair', async () => {
    const pair = webpush.generateVAPIDKeys();
    const other = await createTestApp({ config: { vapidKeys: pair } });
    try {
      expect((await other.request({ method: 'GET', url: '/api/push/key' })).body).toEqual({
        key: pair.publicKey,
      });
    } finally {
      await other.close();
    }
  });
});

describe('POST and DELETE /api/me/push-subscriptions', () => {
  it('needs a signed-in user', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: 'https://push.example.org/x', keys: service.subscribe().keys },
    });
    expect(res.status).toBe(401);
  });

  it('keeps at most 10 per user, dropping the oldest, even when 15 arrive at once', async () => {
    const student = await buildStudent(t);
    const subs = Array.from({ length: 15 }, () => service.subscribe());
    const answers = await Promise.all(subs.map((s) => subscribe(student, s)));
    expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201));
    expect(await subscriptionsOf(student)).toHaveLength(10);
    const next = service.subscribe();
    await subscribe(student, next);
    const kept = await subscriptionsOf(student);
    expect(kept).toHaveLength(10);
    expect(kept.at(-1)!.endpoint).toBe(next.endpoint);
  });

  it('moves an endpoint to whoever subscribes it last, and deletes only the caller’s own', async () => {
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    const sub = await browserOf(a);
    await browserOf(b);
    expect((await subscribe(b, sub)).status).toBe(201);
    expect(await subscriptionsOf(a)).toHaveLength(0);
    expect(await subscriptionsOf(b)).toHaveLength(2);
    const del = (who: Built) =>
      t.request({
        method: 'DELETE',
        url: '/api/me/push-subscriptions',
        token: who.token,
        payload: { endpoint: sub.endpoint },
      });
    expect((await del(a)).status).toBe(200);
    expect(await subscriptionsOf(b)).toHaveLength(2);
    expect((await del(b)).body).toEqual({ message: 'Notifications are off for this browser' });
    expect(await subscriptionsOf(b)).toHaveLength(1);
  });

  it('refuses any endpoint that is not an https: URL on the public internet with 400 naming endpoint', async () => {
    const student = await buildStudent(t);
    answers.set('inward.example.org', ['10.1.2.3']);
    answers.set('mixed.example.org', ['93.184.215.14', '192.168.1.1']);
    answers.set('metadata.example.org', ['169.254.169.254']);
    answers.set('six.example.org', ['fd12:3456::1']);
    const refused = [
      'http://push.example.org/x',
      'ftp://push.example.org/x',
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0177.0.0.1/x',
      'https://0x7f.0.0.1/x',
      'https://10.0.0.1/x',
      'https://172.16.5.4/x',
      'https://192.168.0.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://224.0.0.1/x',
      'https://255.255.255.255/x',
      'https://198.18.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://[fc00::1]/x',
      'https://[fe80::1]/x',
      'https://[::]/x',
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://api.localhost/x',
      `https://${service.host.replace('localhost', '127.0.0.1')}/x`,
      'https://inward.example.org/x',
      'https://mixed.example.org/x',
      'https://metadata.example.org/x',
      'https://six.example.org/x',
      'https://user:pw@push.example.org/x',
      'https://does-not-exist.invalid/x',
      'not a url',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(student, { endpoint, keys: service.subscribe().keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.errors?.[0]?.field, endpoint).toBe('endpoint');
    }
    expect(await subscriptionsOf(student)).toHaveLength(0);
    // a public address is accepted
    expect(
      (await subscribe(student, { endpoint: 'https://93.184.215.14/x', keys: service.subscribe().keys }))
        .status,
    ).toBe(201);
  });

  it('refuses keys that are not a browser’s with 400 naming them', async () => {
    const student = await buildStudent(t);
    const res = await subscribe(student, {
      endpoint: 'https://93.184.215.14/y',
      keys: { p256dh: 'short', auth: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toMatch(/^keys\./);
  });

  it('refuses a p256dh that is no uncompressed P-256 point on the curve with 400 naming keys.p256dh', async () => {
    const student = await buildStudent(t);
    const good = Buffer.from(service.subscribe().keys.p256dh, 'base64url');
    const offCurve = Buffer.from(good);
    offCurve[64]! ^= 1; // y no longer fits x: 65 bytes, 0x04 first, but no point of the curve
    const zeros = Buffer.alloc(65);
    zeros[0] = 4;
    const compressed = Buffer.concat([Buffer.from([2 + (good[64]! & 1)]), good.subarray(1, 33)]);
    for (const [what, p256dh] of [
      ['off the curve', offCurve.toString('base64url')],
      ['all zero', zeros.toString('base64url')],
      ['compressed (33 bytes)', compressed.toString('base64url')],
      ['64 bytes', good.subarray(0, 64).toString('base64url')],
      ['66 bytes', Buffer.concat([good, Buffer.from([0])]).toString('base64url')],
    ] as const) {
      const res = await subscribe(student, {
        endpoint: 'https://93.184.215.14/p256dh',
        keys: { ...service.subscribe().keys, p256dh },
      });
      expect(res.status, what).toBe(400);
      expect(res.body.errors?.[0], what).toEqual({ field: 'keys.p256dh', message: MSG_PUSH.p256dhInvalid });
    }
    expect(await subscriptionsOf(student)).toHaveLength(0);
  });

  it('refuses an auth secret of any size but 16 bytes with 400 naming keys.auth', async () => {
    const student = await buildStudent(t);
    for (const size of [0, 8, 15, 17, 32]) {
      const res = await subscribe(student, {
        endpoint: 'https://93.184.215.14/auth',
        keys: { ...service.subscribe().keys, auth: randomBytes(size).toString('base64url') },
      });
      expect(res.status, String(size)).toBe(400);
      expect(res.body.errors?.[0], String(size)).toEqual({
        field: 'keys.auth',
        message: MSG_PUSH.authInvalid,
      });
    }
    expect(await subscriptionsOf(student)).toHaveLength(0);
  });

  it('refuses an endpoint on another port than 443 with 400 naming endpoint, but for PUSH_ALLOW_HOSTS', async () => {
    const student = await buildStudent(t);
    for (const endpoint of [
      'https://93.184.215.14:8443/x',
      'https://93.184.215.14:80/x',
      'https://93.184.215.14:1/x',
    ]) {
      const res = await subscribe(student, { endpoint, keys: service.subscribe().keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.errors?.[0], endpoint).toEqual({ field: 'endpoint', message: MSG_PUSH.endpointPort });
    }
    expect(await subscriptionsOf(student)).toHaveLength(0);
    // 443 said or not, and the test push service's port (allowed by PUSH_ALLOW_HOSTS), are taken
    const explicit = await subscribe(student, {
      endpoint: 'https://93.184.215.14:443/x',
      keys: service.subscribe().keys,
    });
    expect(explicit.status).toBe(201);
    await browserOf(student);
    expect((await subscriptionsOf(student)).map((s) => s.endpoint)[0]).toBe('https://93.184.215.14/x');
  });
});

describe('pushes for every event that mails', () => {
  let student: Built;
  let warden: Built;
  let studentPhone: TestSubscription;
  let wardenPhone: TestSubscription;
  let complaint: { id: number; token: string };

  beforeAll(async () => {
    student = await buildStudent(t);
    warden = await buildAuthority(t, 'Warden', { hostelNo: 9 });
    studentPhone = await browserOf(student);
    wardenPhone = await browserOf(warden);
  });

  it('pushes a new complaint to the authorities who want each one, signed, encrypted, a day to live, normal urgency', async () => {
    complaint = await file(t, student, hostelComplaint(9));
    expect(await deliver()).toBe(1);
    const [push] = pushesOf(wardenPhone);
    expect(push!.payload).toEqual({
      title: `New complaint ${complaint.token}`,
      body: 'Hostel 9, room 12, Fan: The fan in my room makes a grinding noise and stops after a minute.',
      url: link(complaint.token),
    });
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.jwt.sub).toBe(t.config.vapidSubject);
    expect(await queued()).toEqual([]);
  });

  it('pushes a status change, and a message, to the student', async () => {
    await update(t, warden, complaint.id, 'In Progress', 'Electrician booked for 5 pm');
    await say(t, warden, complaint.id, 'Please keep the room open');
    expect(await deliver()).toBe(2);
    expect(pushesOf(studentPhone).map((p) => p.payload)).toEqual([
      {
        title: `Complaint ${complaint.token} is now In Progress`,
        body: 'Remarks: Electrician booked for 5 pm',
        url: link(complaint.token),
      },
      {
        title: `New message on complaint ${complaint.token}`,
        body: `${warden.user.name} (Warden): Please keep the room open`,
        url: link(complaint.token),
      },
    ]);
  });

  it('pushes a student’s message and reopening to the authority', async () => {
    await say(t, student, complaint.id, 'Still noisy');
    await update(t, warden, complaint.id, 'Resolved', 'Fan replaced');
    await reopen(t, student, complaint.id, 'It stopped again');
    await deliver();
    const payloads = pushesOf(wardenPhone).map((p) => p.payload);
    expect(payloads).toContainEqual({
      title: `New message on complaint ${complaint.token}`,
      body: `${student.user.name} (student): Still noisy`,
      url: link(complaint.token),
    });
    expect(payloads).toContainEqual({
      title: `Complaint ${complaint.token} was reopened`,
      body: `${student.user.name}: It stopped again`,
      url: link(complaint.token),
    });
  });

  it('pushes the 08:00 digest and the 09:00 escalations to the dashboards', async () => {
    const other = await buildAuthority(t, 'Other');
    const admin = await buildAdmin(t);
    const otherPhone = await browserOf(other);
    const adminPhone = await browserOf(admin);
    // overdue now (moving the clock days on would end the sessions)
    await t.ctx.database.db
      .updateTable('complaints')
      .set({ due_at: t.clock.now() - 1 })
      .where('id', '=', complaint.id)
      .execute();
    await runDueJobs(t.ctx, [newComplaintDigest, overdueEscalation]);
    await deliver();
    expect(pushesOf(otherPhone).at(-1)!.payload).toMatchObject({
      url: `${t.config.publicUrl}/authority-dashboard`,
    });
    expect(pushesOf(wardenPhone).at(-1)!.payload).toEqual({
      title: '1 overdue complaint in hostel 9',
      body: 'These complaints of hostel 9 are past their due time and still open.',
      url: `${t.config.publicUrl}/authority-dashboard`,
    });
    expect(pushesOf(adminPhone).at(-1)!.payload.url).toBe(`${t.config.publicUrl}/admin-dashboard`);
  });

  it('queues no push for a user who turned push off, and pushes without mailing one who turned email off', async () => {
    const before = pushesOf(studentPhone).length;
    await t.request({
      method: 'PUT',
      url: '/api/me/preferences',
      token: student.token,
      payload: { push: false },
    });
    await say(t, warden, complaint.id, 'Back tomorrow');
    expect(await queued()).toEqual([]);
    await t.request({
      method: 'PUT',
      url: '/api/me/preferences',
      token: student.token,
      payload: { push: true, email: false },
    });
    const mails = (await mailsTo(t, student.email)).length;
    await say(t, warden, complaint.id, 'Here now');
    await deliver();
    expect(pushesOf(studentPhone).length).toBe(before + 1);
    expect(await mailsTo(t, student.email)).toHaveLength(mails);
  });
});

describe('the sender', () => {
  it('deletes a subscription whose push service answers 400, 403, 404, 410 or 413, and tries it no more', async () => {
    for (const status of [400, 403, 404, 410, 413]) {
      const student = await buildStudent(t);
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 10 });
      const phone = await browserOf(student);
      const c = await file(t, student, hostelComplaint(10));
      service.answer(phone.id, status);
      await update(t, warden, c.id, 'Rejected', 'Duplicate');
      await deliver();
      expect(await subscriptionsOf(student), String(status)).toEqual([]);
      expect(await queued(), String(status)).toEqual([]);
      // the next event queues nothing for it: no retry, no new push
      await say(t, warden, c.id, 'Anything else?');
      expect(await queued(), String(status)).toEqual([]);
    }
  });

  it('retries after a 500 with backoff, and delivers when the service is back', async () => {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 11 });
    const phone = await browserOf(student);
    const c = await file(t, student, hostelComplaint(11));
    service.answer(phone.id, 500);
    await update(t, warden, c.id, 'In Progress', 'Looking');
    expect(await deliver()).toBe(0);
    const [row] = await queued();
    expect(row).toMatchObject({ attempts: 1, locked_until: null });
    expect(Number(row!.next_attempt_at)).toBe(t.clock.now() + 5_000);
    expect(row!.last_error).toMatch(/^500/);
    service.answer(phone.id, 0);
    expect(await deliver()).toBe(0); // not yet due
    t.clock.advance(5_000);
    expect(await deliver()).toBe(1);
    expect(pushesOf(phone)).toHaveLength(1);
    expect(await subscriptionsOf(student)).toHaveLength(1);
  });

  it('delivers each push once when several instances drain together', async () => {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 12 });
    const phones = [await browserOf(student), await browserOf(student), await browserOf(student)];
    const c = await file(t, student, hostelComplaint(12));
    for (let i = 0; i < 10; i++) await say(t, warden, c.id, `Update ${i}`);
    const counts = await Promise.all([deliver(), deliver(), deliver()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    for (const phone of phones) expect(pushesOf(phone)).toHaveLength(10);
    expect(await queued()).toEqual([]);
  });

  it('connects to the address it checked, never asking the system for the name again', async () => {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 13 });
    // push.test resolves only through the check's lookup: the system's resolver does not know it
    answers.set('push.test', ['127.0.0.1']);
    const sub = service.subscribe();
    const aliased = { ...sub, endpoint: sub.endpoint.replace('localhost', 'push.test') };
    expect((await subscribe(student, aliased)).status).toBe(201);
    const c = await file(t, student, hostelComplaint(13));
    await update(t, warden, c.id, 'In Progress', 'On it');
    expect(await deliver()).toBe(1);
    expect(pushesOf(sub)).toHaveLength(1);
  });

  it('sends nothing to a name that resolves inward by the time of sending, and drops that push', async () => {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 1 });
    answers.set('rebind.example.org', ['93.184.215.14']);
    expect(
      (await subscribe(student, { endpoint: 'https://rebind.example.org/p', keys: service.subscribe().keys }))
        .status,
    ).toBe(201);
    const c = await file(t, student, hostelComplaint(1));
    await update(t, warden, c.id, 'In Progress', 'On it');
    answers.set('rebind.example.org', ['127.0.0.1']);
    const refusedBefore = service.refused.length;
    expect(await deliver()).toBe(0);
    expect(await queued()).toEqual([]);
    expect(service.refused.length).toBe(refusedBefore);
  });

  it('is refused by the push service when it signs with another key', async () => {
    const other = await createTestApp({
      config: { pushAllowHosts: [service.host], vapidKeys: webpush.generateVAPIDKeys() },
    });
    try {
      const student = await buildStudent(other);
      const warden = await buildAuthority(other, 'Warden', { hostelNo: 2 });
      const sub = service.subscribe();
      await other.request({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        token: student.token,
        payload: sub,
      });
      const c = (
        await other.request({
          method: 'POST',
          url: '/api/complaints',
          token: student.token,
          payload: hostelComplaint(2),
        })
      ).body.complaint;
      await other.request({
        method: 'PUT',
        url: `/api/complaints/${c.id}`,
        token: warden.token,
        payload: { status: 'Rejected', remarks: 'x' },
      });
      expect(await deliver(other.ctx)).toBe(0);
      expect(service.refused.filter((r) => r.subscription === sub.id).map((r) => r.status)).toEqual([401]);
      expect(pushesOf(sub)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('writes each push under DATA_DIR/push/ when there is no SMTP_URL (development)', async () => {
    const dir = path.join(t.config.dataDir, 'push');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    const one = JSON.parse(fs.readFileSync(path.join(dir, files[0]!), 'utf8'));
    expect(Object.keys(one.payload).sort()).toEqual(['body', 'title', 'url']);
  });
});

describe('a subscription belongs to the session that made it (CONTRACT 6.7)', () => {
  /** A student with a complaint and a subscribed browser, and the warden who updates it. */
  async function subscribedStudent(hostelNo: number) {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo });
    const phone = await browserOf(student);
    const complaint = await file(t, student, hostelComplaint(hostelNo));
    expect(await deliver()).toBeGreaterThanOrEqual(0); // the filing's pushes out of the way
    return { student, warden, phone, complaint };
  }
  const queuedFor = async (token: string) =>
    (await queued()).filter((r) => r.title.includes(token) || r.body.includes(token));
  const sessionIdOf = async (token: string) =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('sessions')
          .select('id')
          .where('token_hash', '=', tokenHashOf(token)!)
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('is deleted by a logout, and the status update that follows pushes nothing (remarks included)', async () => {
    const { student, warden, phone, complaint } = await subscribedStudent(3);
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', token: student.token });
    expect(logout.status).toBe(200);
    expect(await subscriptionsOf(student)).toEqual([]);
    const mails = (await mailsTo(t, student.email)).length;
    await update(t, warden, complaint.id, 'In Progress', 'Electrician booked for 5 pm');
    expect((await mailsTo(t, student.email)).length).toBe(mails + 1); // the event happened: it is mailed
    expect(await queuedFor(complaint.token)).toEqual([]);
    await deliver();
    expect(pushesOf(phone)).toEqual([]);
  });

  it('is deleted by a logout only for that session: the same user signed in elsewhere keeps theirs', async () => {
    const { student, warden, complaint } = await subscribedStudent(4);
    const other = await createSession(t.ctx, student.id, false);
    const laptop = service.subscribe();
    expect((await subscribe({ ...student, token: other.token }, laptop)).status).toBe(201);
    await t.request({ method: 'POST', url: '/api/auth/logout', token: student.token });
    expect((await subscriptionsOf(student)).map((s) => s.endpoint)).toEqual([laptop.endpoint]);
    await update(t, warden, complaint.id, 'In Progress', 'On it');
    await deliver();
    expect(pushesOf(laptop).map((p) => p.payload.title)).toEqual([
      `Complaint ${complaint.token} is now In Progress`,
    ]);
  });

  it('is deleted, on every browser, by a password reset', async () => {
    const { student, warden, phone, complaint } = await subscribedStudent(5);
    const other = await createSession(t.ctx, student.id, true);
    await subscribe({ ...student, token: other.token }, service.subscribe());
    expect(await subscriptionsOf(student)).toHaveLength(2);
    const ip = '198.51.100.77';
    const forgot = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: student.email, role: 'student' },
      remoteAddress: ip,
    });
    expect(forgot.status).toBe(200);
    const code = (await lastMail(t, student.email))!.code!;
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: student.email, role: 'student', otp: code, newPassword: 'brand-new-pass-1' },
      remoteAddress: ip,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await subscriptionsOf(student)).toEqual([]);
    await update(t, warden, complaint.id, 'In Progress', 'Electrician booked for 5 pm');
    expect(await queuedFor(complaint.token)).toEqual([]);
    await deliver();
    expect(pushesOf(phone)).toEqual([]);
  });

  it('ends with every session but the one kept when all the others end (two-step sign-in confirmed)', async () => {
    const student = await buildStudent(t);
    const kept = await browserOf(student);
    const other = await createSession(t.ctx, student.id, false);
    await subscribe({ ...student, token: other.token }, service.subscribe());
    await revokeAllSessions(t.ctx, student.id, undefined, { except: await sessionIdOf(student.token) });
    expect((await subscriptionsOf(student)).map((s) => s.endpoint)).toEqual([kept.endpoint]);
    expect((await t.request({ method: 'GET', url: '/api/auth/check-auth', token: other.token })).status).toBe(
      401,
    );
  });

  it('is not made for a session that ended meanwhile (a logout committed first)', async () => {
    const student = await buildStudent(t);
    const session = await findSession(t.ctx, student.token);
    await revokeSession(t.ctx, session!.sessionId);
    await expect(subscribePush(t.ctx, session!, service.subscribe())).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(await subscriptionsOf(student)).toEqual([]);
  });

  // the clock moves on past the sessions' 12 hours from here: these come last
  it('queues nothing for a session that expired, whose subscription the daily job then deletes', async () => {
    const { student, phone, complaint } = await subscribedStudent(6);
    const still = await buildStudent(t, {});
    const stillPhone = await browserOf(still);
    t.clock.advance(SESSION_TTL_MS + 60_000);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 6 }); // signed in now
    const fresh = await createSession(t.ctx, still.id, false);
    expect((await subscribe({ ...still, token: fresh.token }, service.subscribe())).status).toBe(201);
    await update(t, warden, complaint.id, 'In Progress', 'Electrician booked for 5 pm');
    expect(await queuedFor(complaint.token)).toEqual([]);
    await deliver();
    expect(pushesOf(phone)).toEqual([]);
    const detail = await t.ctx.database.db
      .transaction()
      .execute((trx) => pushSubscriptionCleanup.run(t.ctx, trx, '2026-01-16'));
    expect(await subscriptionsOf(student)).toEqual([]);
    // the expired session's browser goes, the live one stays
    expect((await subscriptionsOf(still)).map((s) => s.endpoint)).not.toContain(stillPhone.endpoint);
    expect(await subscriptionsOf(still)).toHaveLength(1);
    expect(detail.detail).toMatch(/^\d+ push subscriptions? of ended sessions deleted$/);
  });

  it('sends nothing queued for a session that has expired since, and deletes its subscription', async () => {
    const { student, warden, phone, complaint } = await subscribedStudent(7);
    await update(t, warden, complaint.id, 'In Progress', 'Electrician booked for 5 pm');
    expect(await queuedFor(complaint.token)).toHaveLength(1);
    t.clock.advance(SESSION_TTL_MS + 60_000);
    expect(await deliver()).toBe(0);
    expect(pushesOf(phone)).toEqual([]);
    expect(await subscriptionsOf(student)).toEqual([]);
    expect(await queuedFor(complaint.token)).toEqual([]);
  });
});
