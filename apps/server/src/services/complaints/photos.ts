import { MSG, MSG_CONVERSATION, MSG_SECURITY, PHOTOS_PER_COMPLAINT, type TAttachment } from '@bit/contract';
import type { Kysely } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { conflict, HttpError, notFound, tooMany } from '../../lib/errors';
import { decodeQueue, type ProcessedPhoto, processPhoto } from '../../lib/images';
import { sessionOf } from '../sessions';
import type { UserRow } from '../users';
import { actorColumns, assertOpenForMessages, assertParticipant, visibleComplaint } from './conversation';
import { attachmentWithSession } from './joined.queries';
import { toAttachment } from './rows';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a complaint already holds its most photos. */
async function photosFull(db: Kysely<DB>, complaintId: number): Promise<boolean> {
  const { n } = await db
    .selectFrom('complaint_attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('complaint_id', '=', complaintId)
    .executeTakeFirstOrThrow();
  return Number(n) >= PHOTOS_PER_COMPLAINT;
}

function assertRoomForPhoto(full: boolean): void {
  if (full) throw conflict(MSG_CONVERSATION.tooManyPhotos);
}

/** CONTRACT 6.6: photos one student may add in any 24 hours (MSG_SECURITY.photoQuota); authorities are not limited. */
export const PHOTOS_PER_DAY = 30;

/**
 * How long the student must wait before one more photo fits in the day's quota, 0 when it fits now,
 * counting `alsoAdding` photos of theirs not stored yet: it is when the PHOTOS_PER_DAY-th newest photo,
 * those included, turns a day old. A walk of at most 30 entries of complaint_attachments_author_idx.
 */
async function photoQuotaWaitMs(
  db: Kysely<DB>,
  studentId: number,
  now: number,
  alsoAdding: number,
): Promise<number> {
  const skip = PHOTOS_PER_DAY - 1 - alsoAdding;
  if (skip < 0) return DAY_MS;
  const edge = await db
    .selectFrom('complaint_attachments')
    .select('at')
    .where('by_id', '=', studentId)
    .orderBy('at', 'desc')
    .limit(1)
    .offset(skip)
    .executeTakeFirst();
  return edge ? Math.max(0, Number(edge.at) + DAY_MS - now) : 0;
}

function assertUnderPhotoQuota(waitMs: number): void {
  if (waitMs > 0) throw tooMany(MSG_SECURITY.photoQuota, waitMs / 1000);
}

/** Photos of each student this process is reading, decoding or storing now. */
const photosInFlight = new Map<number, number>();

/**
 * Called before a student's photo is read: refuses (429) a student whose day's quota is used up,
 * counting the photos of theirs this process still has in hand, so that a burst is refused before its
 * uploads are read and decoded rather than after. Returns the function that ends the reservation, to
 * call whatever the outcome: a photo that fails to decode is not stored and so uses up nothing. The
 * count in storeAttachment's transaction is the one that holds across processes; this one spares the
 * CPU. Its cost: while photos are in hand, one more can be refused that would have fitted had one of
 * them failed.
 */
async function reservePhotoSlot(ctx: Ctx, studentId: number): Promise<() => void> {
  // taken before the first await, so photos arriving together each see the ones before them
  const ahead = photosInFlight.get(studentId) ?? 0;
  photosInFlight.set(studentId, ahead + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (photosInFlight.get(studentId) ?? 1) - 1;
    if (left > 0) photosInFlight.set(studentId, left);
    else photosInFlight.delete(studentId);
  };
  try {
    assertUnderPhotoQuota(await photoQuotaWaitMs(ctx.database.db, studentId, ctx.clock.now(), ahead));
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

/**
 * A photo on a complaint (CONTRACT 5.3). Who may add it, to what, whether there is room and, for a
 * student, whether the day's quota has room are checked before the upload is read or decoded (a decode
 * is the dearest thing the server does: a refused photo should not cost one); then it is re-encoded,
 * waiting its turn for a CPU, and stored by storeAttachment, which checks again.
 */
export async function addAttachment(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  readPhoto: () => Promise<Buffer>,
): Promise<TAttachment> {
  assertParticipant(user);
  const first = await visibleComplaint(ctx, ctx.database.db, user, complaintId);
  assertOpenForMessages(first, ctx.clock.now());
  assertRoomForPhoto(await photosFull(ctx.database.db, complaintId));
  const release = user.role === 'student' ? await reservePhotoSlot(ctx, Number(user.id)) : () => {};
  try {
    const photo = await processPhoto(await readPhoto(), decodeQueue(ctx.config.workers));
    return await storeAttachment(ctx, user, complaintId, photo);
  } finally {
    release();
  }
}

/**
 * A processed photo stored with its row, in one transaction that decides: the complaint is still
 * visible, open and has room, and a student is under the day's quota. On PostgreSQL the student's row
 * is locked first (NO KEY UPDATE, as for messages: rows that only refer to the user are not held up),
 * then the complaint's, so one student's photos are counted one at a time in every process and a
 * burst cannot pass the quota together; one SQLite connection runs the transactions one at a time anyway.
 */
export async function storeAttachment(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  photo: ProcessedPhoto,
): Promise<TAttachment> {
  assertParticipant(user);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const student = user.role === 'student' ? Number(user.id) : null;
    if (student !== null && ctx.database.dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', student).forNoKeyUpdate().execute();
    const now = ctx.clock.now();
    const complaint = await visibleComplaint(ctx, trx, user, complaintId, true);
    assertOpenForMessages(complaint, now);
    assertRoomForPhoto(await photosFull(trx, complaintId));
    if (student !== null) assertUnderPhotoQuota(await photoQuotaWaitMs(trx, student, now, 0));
    return storePhoto(trx, complaintId, photo, actorColumns(user, now));
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
      // the photo's condition in SQL is complaintScope's (policy/scope.ts: userSeesSql)
      if (contentType === null || bytes === null) throw notFound(MSG.notFound);
      return { contentType, data: Buffer.from(bytes) };
    },
  };
}
