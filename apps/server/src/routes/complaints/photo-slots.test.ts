/**
 * CONTRACT 6.7: a complaint's six photos and a student's 30 a day are held before a photo is decoded,
 * so photos sent at once beyond either limit are refused (409, 429) without a decode; the decode
 * queue is bounded (503 with Retry-After). Decodes are counted by lib/images (photoDecodes), never
 * timed. On SQLite and PostgreSQL.
 */
import { MSG_CONVERSATION, MSG_SECURITY } from '@bit/contract';
import { describe, expect, it } from 'vitest';
import { atOnce, expectRefused } from '../../../test/at-once';
import { type Built, buildAuthority, buildStudent } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { DECODE_BUSY_RETRY_S, decodeQueue, photoDecodes } from '../../lib/images';
import { QueueFullError } from '../../lib/semaphore';
import { PHOTOS_PER_DAY, SLOT_TTL_MS } from '../../services/complaints/photos';
import { appWithOwnerAndWarden, file, hostelComplaint, photo, upload } from './test-helpers';

const h = 9;
const app = appWithOwnerAndWarden(h);
const AT_ONCE = 16;

const count = async (t: TestApp, table: 'complaint_attachments' | 'photo_slots', complaintId?: number) => {
  let q = t.ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (complaintId !== undefined) q = q.where('complaint_id', '=', complaintId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** Sends `n` photos at once and answers them, with how many photos were decoded meanwhile. */
async function photosAtOnce(n: number, send: (i: number) => ReturnType<typeof upload>) {
  const before = photoDecodes();
  const burst = await atOnce(n, send);
  return { ...burst, decoded: photoDecodes() - before };
}

const newComplaint = async (student: Built) => (await file(app.t, student, hostelComplaint(h))).id;

describe('photo slots held before decoding', () => {
  it(`decodes none of ${AT_ONCE} photos sent at once to a complaint that already has six, refusing each with 409`, async () => {
    const id = await newComplaint(app.owner);
    const jpeg = await photo('jpeg');
    for (let i = 0; i < 6; i++) expect((await upload(app.t, app.owner, id, jpeg)).status).toBe(201);
    for (const who of [app.owner, app.warden]) {
      const { statuses, answers, decoded } = await photosAtOnce(AT_ONCE, () => upload(app.t, who, id, jpeg));
      expect(statuses).toEqual({ 409: AT_ONCE });
      expectRefused(answers, MSG_CONVERSATION.tooManyPhotos);
      expect(decoded).toBe(0);
    }
    expect(await count(app.t, 'complaint_attachments', id)).toBe(6);
    expect(await count(app.t, 'photo_slots')).toBe(0);
  });

  it(`stores exactly six of ${AT_ONCE} photos sent at once to an empty complaint, by a student or a warden, decoding only those six`, async () => {
    const jpeg = await photo('jpeg');
    for (const who of [app.owner, app.warden]) {
      const id = await newComplaint(app.owner);
      const burst = await photosAtOnce(AT_ONCE, () => upload(app.t, who, id, jpeg));
      expect(burst.statuses).toEqual({ 201: 6, 409: AT_ONCE - 6 });
      expectRefused(burst.with(409), MSG_CONVERSATION.tooManyPhotos);
      expect(burst.decoded).toBeLessThanOrEqual(6);
      expect(burst.decoded).toBe(6);
      expect(await count(app.t, 'complaint_attachments', id)).toBe(6);
    }
    // every slot was freed when its photo was stored
    expect(await count(app.t, 'photo_slots')).toBe(0);
  });

  it('holds a student to 30 a day under photos sent at once, decoding only those stored', async () => {
    const student = await buildStudent(app.t);
    const complaints: number[] = [];
    for (let i = 0; i < 7; i++) complaints.push(await newComplaint(student));
    const jpeg = await photo('jpeg', 40, 30);
    // 27 already today
    for (let i = 0; i < 27; i++)
      expect((await upload(app.t, student, complaints[Math.floor(i / 6)]!, jpeg)).status).toBe(201);
    // 12 at once over the last two complaints, which have room for 9 and 6: 3 fit in the day
    const burst = await photosAtOnce(12, (i) => upload(app.t, student, complaints[5 + (i % 2)]!, jpeg));
    expect(burst.statuses).toEqual({ 201: 3, 429: 9 });
    expectRefused(burst.with(429), MSG_SECURITY.photoQuota);
    expect(burst.decoded).toBe(3);
    const mine = await app.t.ctx.database.db
      .selectFrom('complaint_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('by_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(Number(mine.n)).toBe(PHOTOS_PER_DAY);
    // the next, sent alone, is refused before it is read or decoded
    const before = photoDecodes();
    expect((await upload(app.t, student, complaints[6]!, jpeg)).status).toBe(429);
    expect(photoDecodes()).toBe(before);
    expect(await count(app.t, 'photo_slots')).toBe(0);
  });

  it('frees the slot of a photo that fails to decode or is too large, so the next one fits', async () => {
    const id = await newComplaint(app.owner);
    const jpeg = await photo('jpeg');
    for (let i = 0; i < 5; i++) expect((await upload(app.t, app.owner, id, jpeg)).status).toBe(201);
    const corrupt = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await upload(app.t, app.owner, id, corrupt)).status).toBe(415);
    expect((await upload(app.t, app.owner, id, Buffer.from('not a photo at all'))).status).toBe(415);
    expect(await count(app.t, 'photo_slots')).toBe(0);
    expect((await upload(app.t, app.owner, id, jpeg)).status).toBe(201);
    expect(await count(app.t, 'complaint_attachments', id)).toBe(6);
  });

  it('counts a slot left behind by a process that died until SLOT_TTL_MS has passed, then no more', async () => {
    const student = await buildStudent(app.t);
    const id = await newComplaint(student);
    const jpeg = await photo('jpeg');
    for (let i = 0; i < 5; i++) expect((await upload(app.t, student, id, jpeg)).status).toBe(201);
    await app.t.ctx.database.db
      .insertInto('photo_slots')
      .values({ complaint_id: id, by_id: student.id, at: app.t.clock.now() })
      .execute();
    expect((await upload(app.t, student, id, jpeg)).status).toBe(409);
    app.t.clock.advance(SLOT_TTL_MS);
    expect((await upload(app.t, student, id, jpeg)).status).toBe(201);
    // the stale slot was deleted on the way
    expect(await count(app.t, 'photo_slots')).toBe(0);
  });

  it('answers 503 with Retry-After when the decode queue is full, decoding nothing and freeing the slot', async () => {
    const warden = await buildAuthority(app.t, 'Warden', { hostelNo: h });
    const id = await newComplaint(app.owner);
    const jpeg = await photo('jpeg');
    for (let i = 0; i < 5; i++) expect((await upload(app.t, warden, id, jpeg)).status).toBe(201);
    const queue = decodeQueue(app.t.config.workers);
    const run = queue.run;
    queue.run = () => Promise.reject(new QueueFullError(queue.maxWaiting));
    const before = photoDecodes();
    const busy = await upload(app.t, warden, id, jpeg).finally(() => {
      queue.run = run;
    });
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({ message: MSG_CONVERSATION.photosBusy });
    expect(busy.headers['retry-after']).toBe(String(DECODE_BUSY_RETRY_S));
    expect(photoDecodes()).toBe(before);
    expect(await count(app.t, 'photo_slots')).toBe(0);
    expect((await upload(app.t, warden, id, jpeg)).status).toBe(201);
  });
});
