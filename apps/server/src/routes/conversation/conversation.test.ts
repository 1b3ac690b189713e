import { MSG_CONVERSATION } from '@bit/contract';
/**
 * CONTRACT 5.1 to 5.4: who is told of a new complaint, messages, photos and reopening, each rule by
 * role, on SQLite and PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import type { Ctx } from '../../context';
import { openDatabase } from '../../db/database';
import { manualClock } from '../../lib/clock';
import { DAILY_JOBS } from '../../services/digest';
import { runDueJobs } from '../../services/scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
let hostelSeq = 0;
/** Each describe block gets hostels of its own, so authorities of one never see another's complaints. */
const freshHostel = () => (hostelSeq++ % 13) + 1;

async function file(student: Built, body: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.complaint as { id: number; token: string };
}
const hostelComplaint = (hostelNo: number, subType = 'Fan') => ({
  type: 'Hostel',
  hostelNo,
  roomNo: '12',
  subType,
  description: 'The fan in my room makes a grinding noise and stops after a minute.',
});

const mailsTo = async (email: string) =>
  t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', email)
    .orderBy('id')
    .execute();

const setPref = (a: Built, newComplaints: string) =>
  t.request({ method: 'PUT', url: '/api/me/preferences', token: a.token, payload: { newComplaints } });

const say = (who: Built, id: number, body = 'Any update on this?') =>
  t.request({ method: 'POST', url: `/api/complaints/${id}/messages`, token: who.token, payload: { body } });

const update = (who: Built, id: number, status: string) =>
  t.request({
    method: 'PUT',
    url: `/api/complaints/${id}`,
    token: who.token,
    payload: { status, remarks: 'done' },
  });

/** Moves a complaint's last closing back in time (the sessions of a test would expire if the clock moved 14 days). */
const closedAgo = (id: number, ms: number) =>
  t.ctx.database.db
    .updateTable('complaints')
    .set({ closed_at: t.clock.now() - ms })
    .where('id', '=', id)
    .execute();

const detail = async (who: Built, token: string) =>
  (await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: who.token })).body.data;

describe('new complaints reach the authorities (5.1)', () => {
  it('mails each verified, approved authority in scope by preference, at filing', async () => {
    // the Others of other tests would be told too: this test's hostel has its own people only
    await t.ctx.database.db
      .updateTable('users')
      .set({ new_complaints_pref: 'off' })
      .where('designation', '=', 'Other')
      .execute();
    const h = freshHostel();
    const warden = await buildAuthority(t, 'Warden', { hostelNo: h });
    const clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    const otherHostel = await buildAuthority(t, 'Warden', { hostelNo: (h % 13) + 1 });
    const network = await buildAuthority(t, 'Network Department');
    const other = await buildAuthority(t, 'Other');
    const unapproved = await buildAuthority(t, 'Warden', { hostelNo: h, approved: false });
    const silenced = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    expect((await setPref(silenced, 'off')).status).toBe(200);
    const student = await buildStudent(t);

    const fan = await file(student, hostelComplaint(h, 'Fan'));
    for (const a of [warden, clerk]) {
      const [mail] = await mailsTo(a.email);
      expect(mail?.subject).toContain(fan.token);
      expect(mail?.text_body).toContain(`Hostel ${h}, room 12`);
      expect(mail?.text_body).toContain('Category: Fan');
      expect(mail?.text_body).toContain(`/complaint-status?token=${fan.token}`);
    }
    // out of scope, Other (digest by default), unapproved and off: nothing at filing
    for (const a of [otherHostel, network, other, unapproved, silenced])
      expect(await mailsTo(a.email)).toEqual([]);

    const wifi = await file(student, hostelComplaint(h, 'Internet'));
    expect((await mailsTo(network.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining(wifi.token),
    ]);

    expect((await setPref(other, 'each')).status).toBe(200);
    const third = await file(student, { type: 'College', subType: 'Library', description: 'Closed early' });
    expect((await mailsTo(other.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining(third.token),
    ]);
  });

  it('lets only authorities read and set their preference', async () => {
    const other = await buildAuthority(t, 'Other');
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const pref = async (a: Built) =>
      (await t.request({ method: 'GET', url: '/api/me/preferences', token: a.token })).body;
    expect(await pref(other)).toEqual({ data: { newComplaints: 'digest' } });
    expect(await pref(warden)).toEqual({ data: { newComplaints: 'each' } });
    expect((await setPref(warden, 'digest')).body).toEqual({ data: { newComplaints: 'digest' } });
    expect(await pref(warden)).toEqual({ data: { newComplaints: 'digest' } });
    expect((await setPref(warden, 'weekly')).status).toBe(400);
    for (const who of [await buildStudent(t), await buildAdmin(t)]) {
      expect((await t.request({ method: 'GET', url: '/api/me/preferences', token: who.token })).status).toBe(
        403,
      );
      expect((await setPref(who, 'off')).status).toBe(403);
    }
  });

  it('sends the 08:00 digest once across two instances, and not again after a restart', async () => {
    await t.ctx.database.db
      .updateTable('users')
      .set({ new_complaints_pref: 'off' })
      .where('role', '=', 'authority')
      .execute();
    const h = freshHostel();
    const digester = await buildAuthority(t, 'Warden', { hostelNo: h });
    expect((await setPref(digester, 'digest')).status).toBe(200);
    const student = await buildStudent(t);
    // 2026-01-15 10:00 UTC is 15:30 in Kolkata; the next 08:00 there is 2026-01-16 02:30 UTC
    const filed = [await file(student, hostelComplaint(h)), await file(student, hostelComplaint(h, 'Bulb'))];
    const eight = Date.UTC(2026, 0, 16, 2, 30);
    const second = openDatabase(
      t.db.url ? { databaseUrl: t.db.url, dataDir: t.db.dataDir } : { dataDir: t.db.dataDir },
    );
    try {
      const at = (ms: number, database = t.ctx.database): Ctx => ({
        ...t.ctx,
        database,
        clock: manualClock(ms),
      });
      expect(await runDueJobs(at(eight - 60_000), DAILY_JOBS)).toEqual([]);
      const both = await Promise.all([
        runDueJobs(at(eight), DAILY_JOBS),
        runDueJobs(at(eight, second), DAILY_JOBS),
      ]);
      expect(both.flat().filter((o) => o.ran)).toHaveLength(1);
      // a restart at 08:30 finds the day's run done
      expect((await runDueJobs(at(eight + 30 * 60_000, second), DAILY_JOBS))[0]!.ran).toBe(false);
      const mails = await mailsTo(digester.email);
      expect(mails).toHaveLength(1);
      for (const c of filed) expect(mails[0]!.text_body).toContain(c.token);
      // the next morning nothing new was filed: a run, and no mail
      expect((await runDueJobs(at(eight + DAY), DAILY_JOBS))[0]!.ran).toBe(true);
      expect(await mailsTo(digester.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('messages (5.2)', () => {
  let h: number;
  let owner: Built;
  let warden: Built;
  beforeAll(async () => {
    h = freshHostel();
    owner = await buildStudent(t);
    warden = await buildAuthority(t, 'Warden', { hostelNo: h });
  });

  it('lets the owner and an authority in scope write, refuses an admin (403), and hides the complaint from everyone else (404)', async () => {
    const c = await file(owner, hostelComplaint(h));
    const first = await say(owner, c.id, 'Still broken today.');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Message sent',
      data: { body: 'Still broken today.', by: { role: 'student', designation: null } },
    });
    const reply = await say(warden, c.id, 'An electrician comes at 4 pm.');
    expect(reply.status).toBe(201);
    expect(reply.body.data.by).toEqual({ name: warden.user.name, role: 'authority', designation: 'Warden' });

    expect((await say(await buildAdmin(t), c.id)).status).toBe(403);
    for (const stranger of [
      await buildStudent(t),
      await buildAuthority(t, 'Warden', { hostelNo: (h % 13) + 1 }),
      await buildAuthority(t, 'Network Department'),
      await buildAuthority(t, 'Warden', { hostelNo: h, approved: false }),
    ])
      expect((await say(stranger, c.id)).status).toBe(404);

    const page = await detail(owner, c.token);
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual([
      'Still broken today.',
      'An electrician comes at 4 pm.',
    ]);
  });

  it('stores a message exactly as sent, indentation and last newline kept, and refuses one only of spaces', async () => {
    const c = await file(owner, hostelComplaint(h));
    const list = '  1. The fan hums\n  2. The light flickers\n';
    const res = await say(owner, c.id, list);
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe(list);
    expect((await detail(owner, c.token)).messages.at(-1).body).toBe(list);
    const blank = await say(owner, c.id, ' \n\t ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MSG_CONVERSATION.messageRequired);
  });

  it("mails a student's words to the authorities who worked on it, or to all in scope, and an authority's to the student", async () => {
    const clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    const c = await file(owner, hostelComplaint(h));
    const before = (await mailsTo(clerk.email)).length;
    expect((await say(owner, c.id, 'Hello?')).status).toBe(201);
    // nobody has worked on it yet: every approved authority in scope hears
    expect((await mailsTo(clerk.email)).length).toBe(before + 1);
    expect((await mailsTo(warden.email)).at(-1)!.text_body).toContain('Hello?');

    expect((await update(warden, c.id, 'In Progress')).status).toBe(200);
    expect((await say(owner, c.id, 'Thanks, waiting.')).status).toBe(201);
    expect((await mailsTo(warden.email)).at(-1)!.text_body).toContain('Thanks, waiting.');
    expect((await mailsTo(clerk.email)).length).toBe(before + 1);

    expect((await say(warden, c.id, 'Fixed tomorrow.')).status).toBe(201);
    const toStudent = (await mailsTo(owner.email)).at(-1)!;
    expect(toStudent.subject).toContain(c.token);
    expect(toStudent.text_body).toContain('Fixed tomorrow.');
  });

  it('stays open 14 days after the complaint is resolved, then answers 409', async () => {
    const c = await file(owner, hostelComplaint(h));
    expect((await update(warden, c.id, 'Resolved')).status).toBe(200);
    await closedAgo(c.id, 14 * DAY - 60_000);
    expect((await say(owner, c.id, 'It broke again')).status).toBe(201);
    await closedAgo(c.id, 14 * DAY + 60_000);
    const late = await say(owner, c.id, 'Hello?');
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: 'This complaint is closed for messages' });
    expect((await say(warden, c.id)).status).toBe(409);
  });

  it('takes at most 30 messages an hour from one user, then 429 with Retry-After', async () => {
    const c = await file(owner, hostelComplaint(h));
    const writer = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    for (let i = 0; i < 30; i++) expect((await say(writer, c.id, `note ${i}`)).status).toBe(201);
    const refused = await say(writer, c.id, 'one more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await say(writer, c.id, 'an hour later')).status).toBe(201);
  });

  it('lets only one of a burst of messages past the 30th, however many arrive at once', async () => {
    const c = await file(owner, hostelComplaint(h));
    const writer = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    for (let i = 0; i < 29; i++) expect((await say(writer, c.id, `note ${i}`)).status).toBe(201);
    const burst = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => say(writer, c.id, `at once ${i}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
  });
});

const photo = async (format: 'jpeg' | 'png' | 'webp', width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

const upload = async (who: Built, id: number, data: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') =>
  t.request({
    method: 'POST',
    url: `/api/complaints/${id}/attachments`,
    token: who.token,
    ...(await multipart({}, { name, data, type, field: 'file' })),
  });

describe('photos (5.3)', () => {
  let h: number;
  let owner: Built;
  let warden: Built;
  beforeAll(async () => {
    h = freshHostel();
    owner = await buildStudent(t);
    warden = await buildAuthority(t, 'Warden', { hostelNo: h });
  });
  const countPhotos = async () =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('complaint_attachments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('accepts JPEG, PNG and WebP from the owner and an authority in scope, and lists them on the complaint', async () => {
    const c = await file(owner, hostelComplaint(h));
    const types: string[] = [];
    for (const [format, who] of [
      ['jpeg', owner],
      ['png', warden],
      ['webp', owner],
    ] as const) {
      const res = await upload(who, c.id, await photo(format), `x.${format}`, `image/${format}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ width: 120, height: 90, contentType: `image/${format}` });
      expect(res.body.data.url).toBe(`/api/attachments/${res.body.data.id}`);
      types.push(res.body.data.contentType);
    }
    expect(
      (await detail(owner, c.token)).attachments.map((a: { contentType: string }) => a.contentType),
    ).toEqual(types);
  });

  it('stores a JPEG with GPS EXIF without it, and an orientation-6 photo upright (read back from the stored bytes)', async () => {
    const c = await file(owner, hostelComplaint(h));
    const gps = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TellTale' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 24/1 0/1' } })
      .toBuffer();
    const up = await upload(owner, c.id, gps);
    expect(up.status).toBe(201);
    const stored = await t.app.inject({
      method: 'GET',
      url: up.body.data.url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('TellTale'))).toBe(false);

    const sideways = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#333' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await upload(owner, c.id, sideways);
    expect([upright.body.data.width, upright.body.data.height]).toEqual([40, 100]);
    const file2 = await t.app.inject({
      method: 'GET',
      url: upright.body.data.url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const m2 = await sharp(file2.rawPayload).metadata();
    expect([m2.width, m2.height, m2.orientation]).toEqual([40, 100, undefined]);
  });

  it('refuses a PDF, an SVG, a HEIC, text named .jpg, a truncated JPEG and 60 megapixels, storing nothing', async () => {
    const c = await file(owner, hostelComplaint(h));
    const before = await countPhotos();
    const full = await photo('jpeg', 400, 300);
    const cases: [Uint8Array, string, string, number][] = [
      [Buffer.from('%PDF-1.4\n%%EOF'), 'a.pdf', 'application/pdf', 415],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml', 415],
      [
        Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(40)]),
        'a.heic',
        'image/heic',
        415,
      ],
      [Buffer.from('hello, I am text'), 'a.jpg', 'image/jpeg', 415],
      [full.subarray(0, full.length >> 1), 'cut.jpg', 'image/jpeg', 415],
      [await photo('png', 10_000, 6_000), 'huge.png', 'image/png', 413],
    ];
    for (const [data, name, type, status] of cases) {
      const res = await upload(owner, c.id, data, name, type);
      expect({ name, status: res.status }).toEqual({ name, status });
    }
    expect(await countPhotos()).toBe(before);
  });

  it('refuses the seventh photo with 409', async () => {
    const c = await file(owner, hostelComplaint(h));
    const small = await photo('jpeg', 20, 20);
    for (let i = 0; i < 6; i++) expect((await upload(owner, c.id, small)).status).toBe(201);
    const seventh = await upload(warden, c.id, small);
    expect(seventh.status).toBe(409);
    expect(seventh.body).toEqual({ message: 'A complaint can have at most 6 photos' });
    // refused before it is read or decoded: even bytes that are no image get the 409, not the 415 a decode gives
    const notAnImage = await upload(owner, c.id, Buffer.from('hello, I am text'));
    expect(notAnImage.status).toBe(409);
  });

  it('refuses who may not add a photo before it reads the upload', async () => {
    const c = await file(owner, hostelComplaint(h));
    const broken = (who: Built) =>
      t.request({
        method: 'POST',
        url: `/api/complaints/${c.id}/attachments`,
        token: who.token,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n',
      });
    // the body is malformed: its owner is told so, an admin and a stranger learn only that they may not
    expect((await broken(owner)).status).toBe(400);
    expect((await broken(await buildAdmin(t))).status).toBe(403);
    expect((await broken(await buildStudent(t))).status).toBe(404);
  });

  it('serves url and thumbUrl only to whoever may see the complaint, never kept in a cache (private, no-store)', async () => {
    const c = await file(owner, hostelComplaint(h));
    const up = await upload(owner, c.id, await photo('jpeg', 900, 600));
    const { url, thumbUrl } = up.body.data;
    const get = (path: string, who?: Built) =>
      t.app.inject({
        method: 'GET',
        url: path,
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
      });
    for (const path of [url, thumbUrl]) {
      for (const who of [owner, warden, await buildAdmin(t), await buildAuthority(t, 'Other')]) {
        const res = await get(path, who);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      for (const who of [
        await buildStudent(t),
        await buildAuthority(t, 'Warden', { hostelNo: (h % 13) + 1 }),
      ])
        expect((await get(path, who)).statusCode).toBe(404);
      expect((await get(path)).statusCode).toBe(401);
    }
    const thumb = await sharp((await get(thumbUrl, owner)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);
    expect((await get('/api/attachments/999999', owner)).statusCode).toBe(404);
  });
});

describe('reopening (5.4)', () => {
  let h: number;
  let owner: Built;
  let warden: Built;
  beforeAll(async () => {
    h = freshHostel();
    owner = await buildStudent(t);
    warden = await buildAuthority(t, 'Warden', { hostelNo: h });
  });
  const reopen = (who: Built, id: number, reason = 'Still not working') =>
    t.request({ method: 'POST', url: `/api/complaints/${id}/reopen`, token: who.token, payload: { reason } });

  it('puts a resolved complaint back to Pending with the reason in its history, and mails the authority who resolved it', async () => {
    const c = await file(owner, hostelComplaint(h));
    expect((await update(warden, c.id, 'Resolved')).status).toBe(200);
    const res = await reopen(owner, c.id, 'The fan stopped again tonight.');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Complaint reopened',
      data: { status: 'Pending', reopenCount: 1 },
    });
    const page = await detail(owner, c.token);
    expect(page.history.at(-1)).toMatchObject({
      status: 'Pending',
      remarks: 'The fan stopped again tonight.',
      by: { name: owner.user.name, designation: null },
    });
    const mail = (await mailsTo(warden.email)).at(-1)!;
    expect(mail.subject).toContain(`${c.token} was reopened`);
    expect(mail.text_body).toContain('The fan stopped again tonight.');
    // counted as Pending again
    const stats = await t.request({ method: 'GET', url: '/api/complaints/authority', token: warden.token });
    expect(stats.body.data.find((x: { id: number }) => x.id === c.id).status).toBe('Pending');
  });

  it.each([
    ['still Pending', async () => ({})],
    [
      'resolved more than 14 days ago',
      async (id: number) => {
        await update(warden, id, 'Resolved');
        await closedAgo(id, 14 * DAY + 60_000);
      },
    ],
    [
      'after feedback',
      async (id: number) => {
        await update(warden, id, 'Resolved');
        const fb = await t.request({
          method: 'POST',
          url: '/api/feedback',
          token: owner.token,
          payload: { complaintId: id, rating: 4, comments: '' },
        });
        expect(fb.status).toBe(201);
      },
    ],
    [
      'reopened twice already',
      async (id: number) => {
        for (let i = 0; i < 2; i++) {
          await update(warden, id, 'Rejected');
          expect((await reopen(owner, id)).status).toBe(200);
        }
        await update(warden, id, 'Resolved');
      },
    ],
  ])('answers 409 "This complaint cannot be reopened" when %s', async (_what, setUp) => {
    const c = await file(owner, hostelComplaint(h));
    await setUp(c.id);
    const res = await reopen(owner, c.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This complaint cannot be reopened' });
  });

  it('keeps the reason exactly as written, and refuses one only of spaces', async () => {
    const c = await file(owner, hostelComplaint(h));
    expect((await update(warden, c.id, 'Resolved')).status).toBe(200);
    expect((await reopen(owner, c.id, '   ')).status).toBe(400);
    const reason = '  Room 101:\n  the fan stopped again.\n';
    expect((await reopen(owner, c.id, reason)).status).toBe(200);
    expect((await detail(owner, c.token)).history.at(-1).remarks).toBe(reason);
  });

  it('lets only its own student reopen: another student 404, an authority or admin 403', async () => {
    const c = await file(owner, hostelComplaint(h));
    await update(warden, c.id, 'Resolved');
    expect((await reopen(await buildStudent(t), c.id)).status).toBe(404);
    expect((await reopen(warden, c.id)).status).toBe(403);
    expect((await reopen(await buildAdmin(t), c.id)).status).toBe(403);
    expect((await reopen(owner, c.id, '')).status).toBe(400);
    expect((await reopen(owner, c.id, 'x'.repeat(501))).status).toBe(400);
    expect((await reopen(owner, c.id)).status).toBe(200);
  });
});
