import { MSG, MSG_CONVERSATION, MSG_SECURITY, PHOTOS_PER_COMPLAINT, type TAttachment } from '@bit/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { conflict, HttpError, notFound, tooMany } from '../../lib/errors';
import { decodeQueue, type ProcessedPhoto, processPhoto } from '../../lib/images';
import { sessionOf } from '../accounts/sessions';
import type { UserRow } from '../accounts/users';
import { actorColumns, assertOpenForMessages, assertParticipant, visibleComplaint } from './conversation';
import { attachmentWithSession } from './joined.queries';
import { toAttachment } from './rows';

const DAY_MS = 24 * 60 * 60 * 1000;

/** CONTRACT 6.6: photos one student may add in any 24 hours (MSG_SECURITY.photoQuota); authorities are not limited. */
export const PHOTOS_PER_DAY = 30;

/**
 * A photo slot (photo_slots, migration 022) left behind by a process that died between taking it and
 * storing or freeing its photo stops counting after this long: longer than any upload, wait for a
 * decode (DECODE_WAITING_MAX) and store take.
 */
export const SLOT_TTL_MS = 15 * 60 * 1000;

type Db = Kysely<DB> | Transaction<DB>;

/** A count of a query's rows, as a number. */
const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

/**
 * The photos a complaint holds: those stored and those on their way (live slots), but for the slot
 * `except` (the caller's own).
 */
async function photosHeld(db: Db, complaintId: number, now: number, except: number | null): Promise<number> {
  const stored = countOf(
    db
      .selectFrom('complaint_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('complaint_id', '=', complaintId),
  );
  let slots = db
    .selectFrom('photo_slots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('complaint_id', '=', complaintId)
    .where('at', '>', now - SLOT_TTL_MS);
  if (except !== null) slots = slots.where('id', '<>', except);
  return (await stored) + (await countOf(slots));
}

/**
 * How long the student must wait before one more photo fits in the day's quota, 0 when it fits now:
 * it is when the PHOTOS_PER_DAY-th newest of their photos turns a day old, counting the photos on
 * their way (live slots, but for `except`) as added when their slot was taken. A walk of at most 30
 * entries of complaint_attachments_author_idx, and the student's few slots.
 */
async function photoQuotaWaitMs(
  db: Db,
  studentId: number,
  now: number,
  except: number | null,
): Promise<number> {
  let slots = db
    .selectFrom('photo_slots')
    .select('at')
    .where('by_id', '=', studentId)
    .where('at', '>', now - SLOT_TTL_MS);
  if (except !== null) slots = slots.where('id', '<>', except);
  const [stored, held] = [
    await db
      .selectFrom('complaint_attachments')
      .select('at')
      .where('by_id', '=', studentId)
      .orderBy('at', 'desc')
      .limit(PHOTOS_PER_DAY)
      .execute(),
    await slots.execute(),
  ];
  const edge = [...stored, ...held].map((r) => Number(r.at)).sort((a, b) => b - a)[PHOTOS_PER_DAY - 1];
  return edge === undefined ? 0 : Math.max(0, edge + DAY_MS - now);
}

/** Refuses a photo for which its complaint or, for a student, the day's quota has no room: 409, then 429. */
async function assertRoomForPhoto(
  db: Db,
  user: UserRow,
  complaintId: number,
  now: number,
  except: number | null,
): Promise<void> {
  if ((await photosHeld(db, complaintId, now, except)) >= PHOTOS_PER_COMPLAINT)
    throw conflict(MSG_CONVERSATION.tooManyPhotos);
  if (user.role !== 'student') return;
  const waitMs = await photoQuotaWaitMs(db, Number(user.id), now, except);
  if (waitMs > 0) throw tooMany(MSG_SECURITY.photoQuota, waitMs / 1000);
}

/**
 * On PostgreSQL, the rows that make one photo's decision wait for another's: the student's (NO KEY
 * UPDATE, as for messages: rows that only refer to the user are not held up), then the complaint's
 * (visibleComplaint's FOR UPDATE), so one complaint's and one student's photos are decided one at a
 * time in every process, each seeing the slots of those before it. One SQLite connection runs the
 * transactions one at a time anyway.
 */
async function lockStudent(ctx: Ctx, trx: Transaction<DB>, user: UserRow): Promise<void> {
  if (user.role === 'student' && ctx.database.dialect === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', Number(user.id)).forNoKeyUpdate().execute();
}

/**
 * Takes a photo's slot (CONTRACT 6.7) before its upload is read or decoded: one conditional write,
 * INSERT ... SELECT ... WHERE the complaint holds fewer than six photos (stored or on their way) and,
 * for a student, fewer than 30 of theirs in the last 24 hours; no row back means no room, and the
 * photo is refused (409, 429) without costing a decode. Returns the slot's id.
 */
async function takePhotoSlot(ctx: Ctx, user: UserRow, complaintId: number): Promise<number> {
  const now = ctx.clock.now();
  const live = now - SLOT_TTL_MS;
  const byId = Number(user.id);
  return ctx.database.db.transaction().execute(async (trx) => {
    await lockStudent(ctx, trx, user);
    const complaint = await visibleComplaint(ctx, trx, user, complaintId, true);
    assertOpenForMessages(complaint, now);
    // slots left behind by a process that died: they count no more, and go
    await trx
      .deleteFrom('photo_slots')
      .where((eb) => eb.or([eb('complaint_id', '=', complaintId), eb('by_id', '=', byId)]))
      .where('at', '<=', live)
      .execute();
    const heldOnComplaint = sql<number>`(select count(*) from complaint_attachments where complaint_id = ${complaintId})
      + (select count(*) from photo_slots where complaint_id = ${complaintId} and at > ${live})`;
    const heldToday = sql<number>`(select count(*) from complaint_attachments where by_id = ${byId} and at > ${now - DAY_MS})
      + (select count(*) from photo_slots where by_id = ${byId} and at > ${live})`;
    const slot = await trx
      .insertInto('photo_slots')
      .columns(['complaint_id', 'by_id', 'at'])
      .expression(
        trx
          .selectNoFrom([
            sql<number>`cast(${complaintId} as bigint)`.as('complaint_id'),
            sql<number>`cast(${byId} as bigint)`.as('by_id'),
            sql<number>`cast(${now} as bigint)`.as('at'),
          ])
          .where(heldOnComplaint, '<', PHOTOS_PER_COMPLAINT)
          .$if(user.role === 'student', (q) => q.where(heldToday, '<', PHOTOS_PER_DAY)),
      )
      .returning('id')
      .executeTakeFirst();
    if (slot) return Number(slot.id);
    // no room: which limit, and for how long
    await assertRoomForPhoto(trx, user, complaintId, now, null);
    // unreachable while the two agree; never a photo without a decision
    throw conflict(MSG_CONVERSATION.tooManyPhotos);
  });
}

/** Frees a slot whose photo failed (unreadable, too large, the decode queue full) and will not be stored. */
async function freePhotoSlot(ctx: Ctx, slot: number): Promise<void> {
  await ctx.database.db.deleteFrom('photo_slots').where('id', '=', slot).execute();
}

/**
 * A photo on a complaint (CONTRACT 5.3, 6.7). Who may add it, to what, and its slot (the complaint's
 * six, a student's 30 a day) are decided before the upload is read or decoded (a decode is the dearest
 * thing the server does: a refused photo must not cost one); then it is re-encoded, waiting its turn
 * for a CPU in a bounded queue (503 when full), and stored by storeAttachment, which frees the slot in
 * the same transaction. A photo that fails frees its slot.
 */
export async function addAttachment(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  readPhoto: () => Promise<Buffer>,
): Promise<TAttachment> {
  assertParticipant(user);
  const slot = await takePhotoSlot(ctx, user, complaintId);
  try {
    const photo = await processPhoto(await readPhoto(), decodeQueue(ctx.config.workers));
    return await storeAttachment(ctx, user, complaintId, photo, slot);
  } catch (err) {
    // the photo's own error is the answer; a slot that cannot be freed now stops counting after SLOT_TTL_MS
    await freePhotoSlot(ctx, slot).catch(() => {});
    throw err;
  }
}

/**
 * A processed photo stored with its row, in one transaction that decides again: the complaint is
 * still visible, open and has room, and a student is under the day's quota, counting the photos on
 * their way but for this one's own `slot`, which it frees. Rows locked as for takePhotoSlot, so the
 * decision holds across processes even for a photo that comes without a slot.
 */
export async function storeAttachment(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  photo: ProcessedPhoto,
  slot: number | null = null,
): Promise<TAttachment> {
  assertParticipant(user);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await lockStudent(ctx, trx, user);
    const now = ctx.clock.now();
    const complaint = await visibleComplaint(ctx, trx, user, complaintId, true);
    assertOpenForMessages(complaint, now);
    await assertRoomForPhoto(trx, user, complaintId, now, slot);
    const stored = await storePhoto(trx, complaintId, photo, actorColumns(user, now));
    if (slot !== null) await trx.deleteFrom('photo_slots').where('id', '=', slot).execute();
    return stored;
  });
  return toAttachment(row);
}

/** A processed photo's row and its bytes (kept apart, so lists of photos never read them). */
export async function storePhoto(
  db: Kysely<DB>,
  complaintId: number,
  photo: ProcessedPhoto,
  actor: ReturnType<typeof actorColumns>,
) {
  const inserted = await db
    .insertInto('complaint_attachments')
    .values({
      complaint_id: complaintId,
      content_type: photo.contentType,
      width: photo.width,
      height: photo.height,
      bytes: photo.data.length,
      ...actor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('attachment_files')
    .values({ attachment_id: Number(inserted.id), data: photo.data, thumb: photo.thumb })
    .execute();
  return inserted;
}

/** A photo or its thumbnail, for whoever may see its complaint; "not found" for anyone else. */
export async function readAttachment(
  ctx: Ctx,
  user: UserRow,
  id: number,
  size: 'full' | 'thumb',
): Promise<{ contentType: string; data: Buffer }> {
  const row = await ctx.database.db
    .selectFrom('complaint_attachments')
    .innerJoin('attachment_files', 'attachment_files.attachment_id', 'complaint_attachments.id')
    .select(['complaint_attachments.complaint_id', 'complaint_attachments.content_type'])
    .select(size === 'full' ? 'attachment_files.data as bytes' : 'attachment_files.thumb as bytes')
    .where('complaint_attachments.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.notFound);
  try {
    await visibleComplaint(ctx, ctx.database.db, user, Number(row.complaint_id));
  } catch (err) {
    // out of scope reads as an unknown photo; anything else (an unreachable database) stays itself
    if (err instanceof HttpError && err.statusCode === 404) throw notFound(MSG.notFound);
    throw err;
  }
  return { contentType: row.content_type, data: Buffer.from(row.bytes) };
}

/**
 * readAttachment with the session check in the same statement (PostgreSQL: one round trip,
 * decision 0019). `session` is null when the token's session is not live; `answer` then must not
 * be called.
 */
export async function readAttachmentWithSession(
  ctx: Ctx,
  tokenHash: string,
  id: number,
  size: 'full' | 'thumb',
) {
  const [row] = await attachmentWithSession(ctx.database, size, { tokenHash, now: ctx.clock.now(), id });
  if (!row) return { session: null, answer: () => Promise.reject(notFound(MSG.notFound)) };
  const { content_type: contentType, bytes, ...sessionRow } = row;
  return {
    session: sessionOf(sessionRow),
    answer: async (): Promise<{ contentType: string; data: Buffer }> => {
      // the photo's condition in SQL is complaintScope's (policy/scope-sql.ts: userSeesSql)
      if (contentType === null || bytes === null) throw notFound(MSG.notFound);
      return { contentType, data: Buffer.from(bytes) };
    },
  };
}
