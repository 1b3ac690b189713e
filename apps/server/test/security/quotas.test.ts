import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MSG, MSG_CONVERSATION, MSG_SECURITY } from '@bit/contract';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/database';
import { manualClock } from '../../src/lib/clock';
import { decodeQueue, processPhoto } from '../../src/lib/images';
import { createSession } from '../../src/services/accounts/sessions';
import { USER_COLUMNS, type UserRow } from '../../src/services/accounts/users';
import { PHOTOS_PER_DAY, storeAttachment } from '../../src/services/complaints';
import { createNotification } from '../../src/services/notices/notices';
import { atOnce, callsAtOnce, expectRefused } from '../at-once';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../factories';
import { createTestApp, TEST_DIALECT, type TestApp, testConfig } from '../harness';
import { multipart, SMALL_PDF } from '../multipart';

/**
 * CONTRACT 5.9 and 6.6: at most 20 complaints a day per student, 30 notices a day per authority,
 * 30 messages an hour per user and 30 photos a day per student, in rolling windows, counted so that
 * requests sent at once cannot slip past the count together: each test fires 60 at once (on
 * PostgreSQL, TEST_DIALECT=postgres, they run side by side on several connections). The review found
 * one student filing 300 complaints in 0.7 s, and 30 parallel 10 MB notices.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A user whose session outlives the days these tests move the clock through. */
async function longLived(built: Promise<Built>): Promise<Built> {
  const user = await built;
  const { token } = await createSession(t.ctx, user.id, true);
  return { ...user, token };
}

const fileComplaint = (student: Built, i: number) =>
  t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: { type: 'College', subType: 'Library', description: `Complaint ${i}` },
  });

async function postNotice(poster: Built, i: number, pdf = false) {
  // a Hostel Clerk or Warden may post only to their own hostel (CONTRACT 5.8)
  const hostel = poster.user.hostelNo === null ? 'all' : String(poster.user.hostelNo);
  return t.request({
    method: 'POST',
    url: '/api/notifications',
    token: poster.token,
    ...(await multipart(
      { title: `Notice ${i}`, message: 'Water supply off 10-12', hostel },
      pdf ? { name: `notice-${i}.pdf`, data: SMALL_PDF } : undefined,
    )),
  });
}

const countRows = async (
  table:
    | 'complaints'
    | 'complaint_history'
    | 'notifications'
    | 'notification_files'
    | 'complaint_messages'
    | 'complaint_attachments'
    | 'attachment_files',
) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const complaintsOf = async (studentId: number) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('complaints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('student_id', '=', studentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const noticesOf = async (posterId: number) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('posted_by_id', '=', posterId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const pendingCounter = async () =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('counters')
        .select('value')
        .where('key', '=', 'c:all:Pending')
        .executeTakeFirst()
    )?.value ?? 0,
  );

describe('complaints a day per student', () => {
  it('stores exactly 20 of 60 complaints one student sends at once, and refuses the rest with 429, Retry-After and nothing stored', async () => {
    const student = await buildStudent(t);
    const before = {
      complaints: await countRows('complaints'),
      history: await countRows('complaint_history'),
      pending: await pendingCounter(),
    };
    const burst = await atOnce(60, (i) => fileComplaint(student, i));
    expect(burst.statuses).toEqual({ 201: 20, 429: 40 });
    // all 20 were filed at this very moment: the first of them turns a day old in 24 hours
    expectRefused(burst.with(429), MSG.complaintQuota, DAY / 1000);
    expect(await complaintsOf(student.id)).toBe(20);
    expect(await countRows('complaints')).toBe(before.complaints + 20);
    expect(await countRows('complaint_history')).toBe(before.history + 20);
    expect(await pendingCounter()).toBe(before.pending + 20);

    // the quota is the student's own: another student files as usual
    const other = await buildStudent(t);
    expect((await fileComplaint(other, 0)).status).toBe(201);
  });

  it('lets a student file again once the oldest filing of the last 24 hours turns a day old', async () => {
    const student = await longLived(buildStudent(t));
    for (let i = 0; i < 10; i++) expect((await fileComplaint(student, i)).status).toBe(201);
    t.clock.advance(6 * HOUR);
    for (let i = 10; i < 20; i++) expect((await fileComplaint(student, i)).status).toBe(201);

    const full = await fileComplaint(student, 20);
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(MSG.complaintQuota);
    expect(Number(full.headers['retry-after'])).toBe((18 * HOUR) / 1000);

    t.clock.advance(18 * HOUR - 1000);
    const almost = await fileComplaint(student, 21);
    expect(almost.status).toBe(429);
    expect(Number(almost.headers['retry-after'])).toBe(1);

    // the first ten are a day old now: ten more fit, and then the next ten set the wait
    t.clock.advance(1000);
    for (let i = 22; i < 32; i++) expect((await fileComplaint(student, i)).status).toBe(201);
    const again = await fileComplaint(student, 32);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe((6 * HOUR) / 1000);
    expect(await complaintsOf(student.id)).toBe(30);
  });
});

describe('notices a day per authority', () => {
  it('stores exactly 30 of 60 notices with PDFs one authority sends at once, refuses the rest with 429, Retry-After and nothing stored, and leaves admins unlimited', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 2 });
    const before = {
      notices: await countRows('notifications'),
      files: await countRows('notification_files'),
    };
    const burst = await atOnce(60, (i) => postNotice(warden, i, true));
    expect(burst.statuses).toEqual({ 201: 30, 429: 30 });
    expectRefused(burst.with(429), MSG.noticeQuota, DAY / 1000);
    expect(await noticesOf(warden.id)).toBe(30);
    expect(await countRows('notifications')).toBe(before.notices + 30);
    expect(await countRows('notification_files')).toBe(before.files + 30);

    // admins are not limited
    const admin = await buildAdmin(t);
    expect((await atOnce(40, (i) => postNotice(admin, i))).statuses).toEqual({ 201: 40 });
    expect(await noticesOf(admin.id)).toBe(40);
  });

  it('holds the quota in the database too, for posts that reach other server processes at once', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 6 });
    // the service alone: no route, so no process-local count of posts in flight stands in front
    const calls = await callsAtOnce(60, (i) =>
      createNotification(
        t.ctx,
        { id: warden.id, name: warden.user.name, role: 'authority', designation: 'Warden', hostel_no: 6 },
        { title: `N${i}`, message: 'm', hostel: '6' },
        null,
      ),
    );
    expect(calls.returned).toHaveLength(30);
    expect(calls.thrown).toHaveLength(30);
    for (const error of calls.thrown)
      expect(error).toMatchObject({ statusCode: 429, message: MSG.noticeQuota });
    expect(await noticesOf(warden.id)).toBe(30);
  });

  it('lets an authority post again once the oldest notice of the last 24 hours turns a day old', async () => {
    const clerk = await longLived(buildAuthority(t, 'Hostel Clerk', { hostelNo: 4 }));
    for (let i = 0; i < 15; i++) expect((await postNotice(clerk, i)).status).toBe(201);
    t.clock.advance(10 * HOUR);
    for (let i = 15; i < 30; i++) expect((await postNotice(clerk, i)).status).toBe(201);

    const full = await postNotice(clerk, 30);
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(MSG.noticeQuota);
    expect(Number(full.headers['retry-after'])).toBe((14 * HOUR) / 1000);

    t.clock.advance(14 * HOUR - 1000);
    expect((await postNotice(clerk, 31)).status).toBe(429);
    t.clock.advance(1000);
    for (let i = 32; i < 47; i++) expect((await postNotice(clerk, i)).status).toBe(201);
    const again = await postNotice(clerk, 47);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe((10 * HOUR) / 1000);
    expect(await noticesOf(clerk.id)).toBe(45);
  });

  it('refuses a notice over the quota before reading its body, so a 9 MB upload is neither buffered nor stored', async () => {
    const officer = await buildAuthority(t, 'Network Department');
    for (let i = 0; i < 30; i++) expect((await postNotice(officer, i)).status).toBe(201);
    const before = {
      notices: await countRows('notifications'),
      files: await countRows('notification_files'),
    };

    // a browser-shaped multipart body, produced only as fast as the server reads it
    const boundary = '----quota-test-boundary';
    const head = Buffer.from(
      [
        ...Object.entries({ title: 'Big', message: 'Big PDF', hostel: 'all' }).map(
          ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      ].join(''),
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = 9 * 1024 * 1024;
    let pulled = 0;
    const body = new Readable({
      read() {
        if (pulled === 0) {
          pulled += head.length;
          this.push(head);
        } else if (pulled < total) {
          pulled += chunk.length;
          this.push(chunk);
        } else {
          this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
          this.push(null);
        }
      },
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/notifications',
      token: officer.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    body.destroy();
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(MSG.noticeQuota);
    expect(pulled).toBeLessThan(1024 * 1024);
    expect(await countRows('notifications')).toBe(before.notices);
    expect(await countRows('notification_files')).toBe(before.files);
  });
});

const say = (who: Built, complaintId: number, i: number) =>
  t.request({
    method: 'POST',
    url: `/api/complaints/${complaintId}/messages`,
    token: who.token,
    payload: { body: `Message ${i}` },
  });

const messagesOf = async (userId: number) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('complaint_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('by_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A hostel complaint of the student's, its id. */
async function complaintOf(student: Built, hostelNo: number): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: { type: 'Hostel', hostelNo, roomNo: '12', subType: 'Fan', description: 'The fan stops.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.complaint.id as number;
}

describe('messages an hour per user', () => {
  it('stores exactly 30 of 60 messages one user sends at once, and refuses the rest with 429, Retry-After and nothing stored', async () => {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const complaint = await complaintOf(student, 3);
    for (const writer of [student, warden]) {
      const before = await countRows('complaint_messages');
      const burst = await atOnce(60, (i) => say(writer, complaint, i));
      expect(burst.statuses).toEqual({ 201: 30, 429: 30 });
      expectRefused(burst.with(429), MSG_CONVERSATION.tooManyMessages, HOUR / 1000);
      expect(await messagesOf(writer.id)).toBe(30);
      expect(await countRows('complaint_messages')).toBe(before + 30);
    }
  });
});

/** A small real photo: a decode costs little, so the test is about the count. */
const smallPhoto = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a7' } })
  .jpeg()
  .toBuffer();

async function addPhoto(who: Built, complaintId: number, data?: Uint8Array) {
  return t.request({
    method: 'POST',
    url: `/api/complaints/${complaintId}/attachments`,
    token: who.token,
    ...(await multipart(
      {},
      { name: 'photo.jpg', data: data ?? (await smallPhoto), type: 'image/jpeg', field: 'file' },
    )),
  });
}

const photosBy = async (userId: number) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('complaint_attachments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('by_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** `n` complaints of the student's, each with room for six photos. */
const complaintsFor = async (student: Built, hostelNo: number, n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await complaintOf(student, hostelNo));
  return ids;
};

/** `count` photos, six to a complaint, in turn. */
async function addPhotos(who: Built, complaints: number[], count: number, first = 0) {
  for (let i = first; i < first + count; i++)
    expect((await addPhoto(who, complaints[Math.floor(i / 6)]!, undefined)).status).toBe(201);
}

describe('photos a day per student', () => {
  it('stores exactly 30 of 60 photos one student sends at once over ten complaints, refuses the rest with 429, Retry-After and nothing stored, and leaves authorities unlimited', async () => {
    const student = await buildStudent(t);
    const complaints = await complaintsFor(student, 5, 10);
    const before = {
      photos: await countRows('complaint_attachments'),
      files: await countRows('attachment_files'),
    };
    // the decodes this process's queue runs
    const queue = decodeQueue(t.config.workers);
    const run = queue.run;
    let decodes = 0;
    queue.run = (task) => {
      decodes++;
      return run(task);
    };
    const burst = await atOnce(60, (i) => addPhoto(student, complaints[i % 10]!)).finally(() => {
      queue.run = run;
    });
    expect(burst.statuses).toEqual({ 201: PHOTOS_PER_DAY, 429: 30 });
    // the photos in hand count against the quota before an upload is read: none of the refused was decoded
    expect(decodes).toBe(30);
    // all 30 were added at this very moment: the first of them turns a day old in 24 hours
    expectRefused(burst.with(429), MSG_SECURITY.photoQuota, DAY / 1000);
    expect(await photosBy(student.id)).toBe(30);
    expect(await countRows('complaint_attachments')).toBe(before.photos + 30);
    expect(await countRows('attachment_files')).toBe(before.files + 30);

    // the rule says a student: a warden adds 36 at once, six to each of six other complaints
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
    const others = await complaintsFor(await buildStudent(t), 5, 6);
    expect((await atOnce(36, (i) => addPhoto(warden, others[i % 6]!))).statuses).toEqual({ 201: 36 });
    expect(await photosBy(warden.id)).toBe(36);
  });

  it('holds the quota in the database too, for photos that reach other server processes at once', async () => {
    const built = await buildStudent(t);
    const complaints = await complaintsFor(built, 7, 10);
    const student = (await t.ctx.database.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('id', '=', built.id)
      .executeTakeFirstOrThrow()) as UserRow;
    const photo = await processPhoto(await smallPhoto);
    // the service's transaction alone: no process-local count of photos in hand stands in front
    const calls = await callsAtOnce(60, (i) => storeAttachment(t.ctx, student, complaints[i % 10]!, photo));
    expect(calls.returned).toHaveLength(30);
    expect(calls.thrown).toHaveLength(30);
    for (const error of calls.thrown)
      expect(error).toMatchObject({
        statusCode: 429,
        message: MSG_SECURITY.photoQuota,
        headers: { 'retry-after': String(DAY / 1000) },
      });
    expect(await photosBy(built.id)).toBe(30);
  });

  it('lets a student add photos again once the oldest photo of the last 24 hours turns a day old', async () => {
    const student = await longLived(buildStudent(t));
    const complaints = await complaintsFor(student, 8, 8);
    await addPhotos(student, complaints, 15);
    t.clock.advance(10 * HOUR);
    await addPhotos(student, complaints, 15, 15);

    const full = await addPhoto(student, complaints[5]!);
    expect(full.status).toBe(429);
    expect(full.body).toEqual({ message: MSG_SECURITY.photoQuota });
    expect(Number(full.headers['retry-after'])).toBe((14 * HOUR) / 1000);

    t.clock.advance(14 * HOUR - 1000);
    const almost = await addPhoto(student, complaints[5]!);
    expect(almost.status).toBe(429);
    expect(Number(almost.headers['retry-after'])).toBe(1);

    // the first fifteen are a day old now: fifteen more fit, and then the next fifteen set the wait
    t.clock.advance(1000);
    await addPhotos(student, complaints, 15, 30);
    const again = await addPhoto(student, complaints[7]!);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe((10 * HOUR) / 1000);
    expect(await photosBy(student.id)).toBe(45);
  });

  it('uses up nothing for a photo that fails to decode, and refuses one over the quota before reading or decoding it', async () => {
    const student = await buildStudent(t);
    const complaints = await complaintsFor(student, 10, 6);
    await addPhotos(student, complaints, 29);
    const full = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    // a truncated JPEG passes the quota and fails its decode: 415, and the thirtieth still fits
    for (let i = 0; i < 3; i++)
      expect((await addPhoto(student, complaints[4]!, full.subarray(0, full.length >> 1))).status).toBe(415);
    expect(await photosBy(student.id)).toBe(29);
    expect((await addPhoto(student, complaints[4]!)).status).toBe(201);

    // over the quota, bytes that are no image get the 429 and not the 415 a decode gives
    const text = await addPhoto(student, complaints[5]!, Buffer.from('hello, I am text'));
    expect(text.status).toBe(429);
    expect(text.body.message).toBe(MSG_SECURITY.photoQuota);

    // and an 8 MB upload is refused before the server has read much of it
    const boundary = '----photo-quota-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const total = 8 * 1024 * 1024 - 1024;
    let pulled = 0;
    const body = new Readable({
      read() {
        if (pulled === 0) {
          pulled += head.length;
          this.push(head);
        } else if (pulled < total) {
          pulled += chunk.length;
          this.push(chunk);
        } else {
          this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
          this.push(null);
        }
      },
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/complaints/${complaints[5]}/attachments`,
      token: student.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    body.destroy();
    expect(res.status).toBe(429);
    expect(pulled).toBeLessThan(1024 * 1024);
    expect(await photosBy(student.id)).toBe(30);
  });
});

describe('an authority whose approval was withdrawn', () => {
  it('may not delete its own notices (403, the notice kept), while an admin still may', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 9 });
    const admin = await buildAdmin(t);
    const posted = await postNotice(warden, 0, true);
    expect(posted.status).toBe(201);
    const id = posted.body.data.id as number;

    const withdrawn = await t.request({
      method: 'PUT',
      url: `/api/admin/authorities/${warden.id}`,
      token: admin.token,
      payload: { approved: false },
    });
    expect(withdrawn.status).toBe(200);

    const refused = await t.request({
      method: 'DELETE',
      url: `/api/notifications/${id}`,
      token: warden.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.noticeDeleteNotApproved);
    const kept = await t.ctx.database.db
      .selectFrom('notifications')
      .innerJoin('notification_files', 'notification_files.notification_id', 'notifications.id')
      .select('notifications.id')
      .where('notifications.id', '=', id)
      .execute();
    expect(kept).toHaveLength(1);
    // and it may not post either, as before
    expect((await postNotice(warden, 1)).status).toBe(403);

    const byAdmin = await t.request({
      method: 'DELETE',
      url: `/api/notifications/${id}`,
      token: admin.token,
    });
    expect(byAdmin.status).toBe(200);
    expect(await noticesOf(warden.id)).toBe(0);
  });
});

/**
 * The quota reads run on every filing, post and photo: each must be a short walk of an index, never a
 * scan of the poster's whole history or a sort (SQLite's plans do not depend on table size).
 */
if (TEST_DIALECT === 'sqlite') {
  describe('quota query plans', () => {
    it('counts the filings, notices and photos in the window from an index, without sorting', async () => {
      const seen: string[] = [];
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-quota-plans-'));
      const database = openDatabase({ dataDir, onQuery: (sql) => seen.push(sql) });
      const clock = manualClock();
      const config = testConfig(dataDir);
      const app = await buildApp(config, { database, clock, logger: false, mailSender: false });
      const raw = new SQLite(path.join(dataDir, 'complaints.db'), { readonly: true });
      try {
        // what the factories use of a test app
        const own = { app, ctx: app.ctx, clock, config } as unknown as TestApp;
        const student = await buildStudent(own);
        const warden = await buildAuthority(own, 'Warden', { hostelNo: 1 });
        const filed = await app.inject({
          method: 'POST',
          url: '/api/complaints',
          headers: { authorization: `Bearer ${student.token}` },
          payload: { type: 'College', subType: 'Library', description: 'Plan' },
        });
        expect(filed.statusCode).toBe(201);
        const form = await multipart({ title: 'Plan', message: 'Plan', hostel: '1' });
        const posted = await app.inject({
          method: 'POST',
          url: '/api/notifications',
          headers: { authorization: `Bearer ${warden.token}`, ...form.headers },
          payload: form.payload,
        });
        expect(posted.statusCode).toBe(201);
        const photo = await multipart(
          {},
          { name: 'p.jpg', data: await smallPhoto, type: 'image/jpeg', field: 'file' },
        );
        const added = await app.inject({
          method: 'POST',
          url: `/api/complaints/${filed.json().complaint.id}/attachments`,
          headers: { authorization: `Bearer ${student.token}`, ...photo.headers },
          payload: photo.payload,
        });
        expect(added.statusCode).toBe(201);

        const distinct = [...new Set(seen)];
        const plan = (q: string) =>
          (
            raw.prepare(`explain query plan ${q}`).all(
              ...q
                .split('?')
                .map(() => 1)
                .slice(1),
            ) as { detail: string }[]
          )
            .map((r) => r.detail)
            .join(' | ');
        // a filing's quota check is part of its insert; a notice's is a read of its own
        const filing = distinct.find((q) => q.startsWith('insert into "complaints"'));
        const noticeRead = distinct.find(
          (q) => q.startsWith('select') && /from "notifications" .* offset \?$/.test(q),
        );
        // a photo's quota check is part of the insert of its slot (CONTRACT 6.7), taken before it is decoded
        const photoRead = distinct.find((q) => q.startsWith('insert into "photo_slots"'));
        expect(filing).toMatch(/offset \?/);
        expect(noticeRead).toBeDefined();
        expect(photoRead).toBeDefined();
        expect(plan(filing!)).toMatch(
          /SEARCH complaints USING INDEX complaints_student_idx \(student_id=\?\)/,
        );
        expect(plan(noticeRead!)).toMatch(
          /SEARCH notifications USING COVERING INDEX notifications_poster_idx \(posted_by_id=\?\)/,
        );
        expect(plan(photoRead!)).toMatch(
          /SEARCH complaint_attachments USING COVERING INDEX complaint_attachments_author_idx \(by_id=\? AND at>\?\)/,
        );
        expect(plan(photoRead!)).toMatch(/SEARCH photo_slots USING INDEX photo_slots_by_idx \(by_id=\?\)/);
        for (const q of [filing!, noticeRead!, photoRead!])
          expect(plan(q)).not.toMatch(
            /TEMP B-TREE|SCAN complaints|SCAN notifications|SCAN complaint_attachments|SCAN photo_slots/,
          );
      } finally {
        raw.close();
        await app.close();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
