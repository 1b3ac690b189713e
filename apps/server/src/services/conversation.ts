import {
  attachmentThumbUrl,
  attachmentUrl,
  CONVERSATION_OPEN_DAYS,
  complaintStatusPath,
  MESSAGES_PER_HOUR,
  MSG,
  MSG_CONVERSATION,
  MSG_SECURITY,
  PHOTOS_PER_COMPLAINT,
  REOPEN_MAX,
  type TAttachment,
  type TComplaint,
  type TMessage,
  type TNewComplaintPreference,
} from '@bit/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Ctx } from '../context';
import type { ComplaintAttachmentsTable, ComplaintMessagesTable, ComplaintsTable, DB } from '../db/schema';
import { conflict, forbidden, HttpError, notFound, tooMany } from '../lib/errors';
import { hourBucket } from '../lib/hour-buckets';
import { decodeQueue, type ProcessedPhoto, processPhoto } from '../lib/images';
import { isoFromMs } from '../lib/iso-time';
import { type Placeholders, preparedQuery } from '../lib/prepared';
import { enqueueMail, type MailMessage } from '../mail/outbox';
import { conversationMail, newComplaintMail, reopenedMail } from '../mail/templates';
import { applyScope, authoritiesSeeing, complaintScope, type ScopeColumn } from '../policy/scope';
import { statusMoves } from './complaints/counts';
import { dueAtFrom } from './complaints/due';
import { attachmentWithSession } from './complaints/joined.queries';
import { bumpCounters } from './counters';
import { sessionOf } from './sessions';
import type { UserRow } from './users';

type ComplaintRow = Selectable<ComplaintsTable>;
export type MessageRow = Selectable<ComplaintMessagesTable>;
export type AttachmentRow = Selectable<ComplaintAttachmentsTable>;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const CLOSED = ['Resolved', 'Rejected'];

const actorOf = (
  row: Pick<Selectable<ComplaintMessagesTable>, 'by_name' | 'by_role' | 'by_designation'>,
) => ({
  name: row.by_name,
  role: row.by_role,
  designation: (row.by_designation as TMessage['by']['designation']) ?? null,
});

export const toMessage = (row: Selectable<ComplaintMessagesTable>): TMessage => ({
  id: Number(row.id),
  body: row.body,
  by: actorOf(row),
  at: isoFromMs(Number(row.at)),
});

export const toAttachment = (row: Selectable<ComplaintAttachmentsTable>): TAttachment => ({
  id: Number(row.id),
  url: attachmentUrl(Number(row.id)),
  thumbUrl: attachmentThumbUrl(Number(row.id)),
  contentType: row.content_type,
  width: Number(row.width),
  height: Number(row.height),
  bytes: Number(row.bytes),
  by: actorOf(row),
  at: isoFromMs(Number(row.at)),
});

/** The messages and photos of a complaint, oldest first, for its page. */
// the complaint's page is the token lookup, a hot path: compiled once, read on SQLite's fast path
const messagesOf = preparedQuery((db, p: Placeholders<{ complaintId: number }>) =>
  db.selectFrom('complaint_messages').selectAll().where('complaint_id', '=', p.complaintId).orderBy('id'),
);
const attachmentsOf = preparedQuery((db, p: Placeholders<{ complaintId: number }>) =>
  db.selectFrom('complaint_attachments').selectAll().where('complaint_id', '=', p.complaintId).orderBy('id'),
);

export async function conversationOf(ctx: Ctx, complaintId: number) {
  const [messages, attachments] = await Promise.all([
    messagesOf(ctx.database, { complaintId }),
    attachmentsOf(ctx.database, { complaintId }),
  ]);
  return { messages: messages.map(toMessage), attachments: attachments.map(toAttachment) };
}

/**
 * A complaint the user may see, or "not found" (a complaint out of scope is not admitted to
 * exist). Inside a transaction on PostgreSQL the row is locked, so two photos or a reopen and a
 * status change take turns.
 */
async function visibleComplaint(
  ctx: Ctx,
  db: Transaction<DB> | Ctx['database']['db'],
  user: UserRow,
  id: number,
  lock = false,
): Promise<ComplaintRow> {
  const scope = complaintScope(user);
  if (scope.kind === 'none') throw notFound(MSG.complaintNotFound);
  let query = applyScope(db.selectFrom('complaints').selectAll(), scope).where('id', '=', id);
  if (lock && ctx.database.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(MSG.complaintNotFound);
  return row;
}

/** Pending and In Progress are open; Resolved and Rejected stay open 14 days after the change. */
export function isOpenForMessages(
  row: Pick<ComplaintRow, 'status' | 'closed_at' | 'updated_at'>,
  now: number,
) {
  if (!CLOSED.includes(row.status)) return true;
  const closedAt = Number(row.closed_at ?? row.updated_at);
  return now - closedAt <= CONVERSATION_OPEN_DAYS * DAY_MS;
}

/** Only the owner student and approved authorities in scope take part; an admin reads. */
function assertParticipant(user: UserRow) {
  if (user.role === 'admin') throw forbidden(MSG.forbidden);
}

const actorColumns = (user: UserRow, now: number) => ({
  by_id: Number(user.id),
  by_name: user.name,
  by_role: user.role,
  by_designation: user.role === 'authority' ? user.designation : null,
  at: now,
});

/**
 * The authorities a student's words go to: those who updated or wrote on the complaint, or, when
 * none has, every approved authority in its scope (CONTRACT 5.2).
 */
async function authoritiesToTell(trx: Transaction<DB>, complaint: ComplaintRow) {
  const involved = await trx
    .selectFrom('users')
    .select(['email', 'name'])
    .where('role', '=', 'authority')
    .where('approved', '=', 1)
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('complaint_history').select('by_id').where('complaint_id', '=', Number(complaint.id)),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('complaint_messages')
            .select('by_id')
            .where('complaint_id', '=', Number(complaint.id))
            .where('by_role', '=', 'authority'),
        ),
      ]),
    )
    .execute();
  if (involved.length > 0) return involved;
  return (await authoritiesInScope(trx, complaint)).map(({ email, name }) => ({ email, name }));
}

/** Verified, approved authorities whose scope holds a complaint, with their preference for new complaints. */
export async function authoritiesInScope(
  db: Transaction<DB> | Ctx['database']['db'],
  complaint: Pick<ComplaintRow, ScopeColumn>,
) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'designation', 'new_complaints_pref'])
    .where('role', '=', 'authority')
    .where('approved', '=', 1)
    .where('verified', '=', 1)
    .where(authoritiesSeeing(complaint))
    .execute();
}

/** CONTRACT 5.1's defaults: the people who fix things hear at once, Other gets the morning digest. */
export function newComplaintPreference(user: {
  designation: string | null;
  new_complaints_pref: TNewComplaintPreference | null;
}): TNewComplaintPreference {
  return user.new_complaints_pref ?? (user.designation === 'Other' ? 'digest' : 'each');
}

/** The authorities in scope of a complaint who want a mail for each new one (CONTRACT 5.1). */
export async function authoritiesMailedOnFiling(
  db: Transaction<DB> | Ctx['database']['db'],
  complaint: Pick<ComplaintRow, ScopeColumn>,
) {
  return (await authoritiesInScope(db, complaint)).filter((a) => newComplaintPreference(a) === 'each');
}

/** Their mails about a new complaint. */
export function filingMails(
  ctx: Ctx,
  authorities: { email: string; name: string }[],
  complaint: Parameters<typeof newComplaintMail>[2],
): MailMessage[] {
  const link = `${ctx.config.publicUrl}${complaintStatusPath(complaint.token)}`;
  return authorities.map((a) => newComplaintMail(a.email, a.name, complaint, link));
}

/** In the filing's transaction: one mail per complaint to each authority in scope who wants them. */
export async function tellAuthoritiesOfFiling(ctx: Ctx, trx: Transaction<DB>, complaint: ComplaintRow) {
  const mails = filingMails(ctx, await authoritiesMailedOnFiling(trx, complaint), complaint);
  for (const mail of mails) await enqueueMail(trx, mail, Number(complaint.created_at));
  return mails.length;
}

/**
 * In the message's transaction. On PostgreSQL the writer's row is locked first (NO KEY UPDATE: rows that
 * only refer to the user are not held up), so a burst of messages from one user is counted one at a time
 * and cannot pass the limit together; one SQLite connection runs the transactions one at a time anyway.
 */
async function assertUnderMessageLimit(ctx: Ctx, trx: Transaction<DB>, user: UserRow, now: number) {
  if (ctx.database.dialect === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', Number(user.id)).forNoKeyUpdate().execute();
  const recent = await trx
    .selectFrom('complaint_messages')
    .select('at')
    .where('by_id', '=', Number(user.id))
    .where('at', '>', now - HOUR_MS)
    .orderBy('at', 'desc')
    .limit(MESSAGES_PER_HOUR)
    .execute();
  if (recent.length >= MESSAGES_PER_HOUR) {
    const oldest = Number(recent[recent.length - 1]!.at);
    throw tooMany(MSG_CONVERSATION.tooManyMessages, (oldest + HOUR_MS - now) / 1000);
  }
}

/** A message on a complaint, mailed to the other side (CONTRACT 5.2). */
export async function postMessage(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  body: string,
): Promise<TMessage> {
  assertParticipant(user);
  const now = ctx.clock.now();
  const complaint = await visibleComplaint(ctx, ctx.database.db, user, complaintId);
  if (!isOpenForMessages(complaint, now)) throw conflict(MSG_CONVERSATION.closedForMessages);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await assertUnderMessageLimit(ctx, trx, user, now);
    const inserted = await trx
      .insertInto('complaint_messages')
      .values({ complaint_id: complaintId, body, ...actorColumns(user, now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    // an authority's first word on a complaint is its first response (CONTRACT 5.6)
    if (user.role === 'authority' && complaint.first_response_at === null) {
      await trx
        .updateTable('complaints')
        .set({
          first_response_at: now,
          fr_bucket: hourBucket(now - Number(complaint.created_at)),
        })
        .where('id', '=', complaintId)
        .where('first_response_at', 'is', null)
        .execute();
    }
    const link = `${ctx.config.publicUrl}${complaintStatusPath(complaint.token)}`;
    const recipients =
      user.role === 'student'
        ? await authoritiesToTell(trx, complaint)
        : await trx
            .selectFrom('users')
            .select(['email', 'name'])
            .where('id', '=', Number(complaint.student_id))
            .execute();
    for (const r of recipients) {
      await enqueueMail(trx, conversationMail(r.email, r.name, complaint.token, user, body, link), now);
    }
    return inserted;
  });
  ctx.mailQueued();
  return toMessage(row);
}

/** Whether a complaint already holds its most photos. */
async function photosFull(db: Kysely<DB>, complaintId: number): Promise<boolean> {
  const { n } = await db
    .selectFrom('complaint_attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('complaint_id', '=', complaintId)
    .executeTakeFirstOrThrow();
  return Number(n) >= PHOTOS_PER_COMPLAINT;
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
    const waitMs = await photoQuotaWaitMs(ctx.database.db, studentId, ctx.clock.now(), ahead);
    if (waitMs > 0) throw tooMany(MSG_SECURITY.photoQuota, waitMs / 1000);
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

/**
 * A photo on a complaint. Who may add it, to what, whether there is room and, for a student, whether
 * the day's quota has room are checked before the upload is read or decoded (a decode is the dearest
 * thing the server does: a refused photo should not cost one); then it is re-encoded, waiting its turn
 * for a CPU, and stored by storeAttachment, which checks again.
 */
export async function addAttachment(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  readPhoto: () => Promise<Buffer>,
): Promise<TAttachment> {
  assertParticipant(user);
  const first = await visibleComplaint(ctx, ctx.database.db, user, complaintId);
  if (!isOpenForMessages(first, ctx.clock.now())) throw conflict(MSG_CONVERSATION.closedForMessages);
  if (await photosFull(ctx.database.db, complaintId)) throw conflict(MSG_CONVERSATION.tooManyPhotos);
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
    if (!isOpenForMessages(complaint, now)) throw conflict(MSG_CONVERSATION.closedForMessages);
    if (await photosFull(trx, complaintId)) throw conflict(MSG_CONVERSATION.tooManyPhotos);
    if (student !== null) {
      const waitMs = await photoQuotaWaitMs(trx, student, now, 0);
      if (waitMs > 0) throw tooMany(MSG_SECURITY.photoQuota, waitMs / 1000);
    }
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

/**
 * The student reopens a Resolved or Rejected complaint within 14 days of that change, before giving
 * feedback, at most twice (CONTRACT 5.4): back to Pending, with the reason in the history.
 */
export async function reopenComplaint(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  reason: string,
  toComplaint: (row: ComplaintRow, now: number) => TComplaint,
): Promise<TComplaint> {
  if (user.role !== 'student') throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const before = await visibleComplaint(ctx, trx, user, complaintId, true);
    const feedback = await trx
      .selectFrom('feedback')
      .select('id')
      .where('complaint_id', '=', complaintId)
      .executeTakeFirst();
    const allowed =
      CLOSED.includes(before.status) &&
      isOpenForMessages(before, now) &&
      !feedback &&
      Number(before.reopen_count ?? 0) < REOPEN_MAX;
    if (!allowed) throw conflict(MSG_CONVERSATION.cannotReopen);
    const updated = await trx
      .updateTable('complaints')
      .set((eb) => ({
        status: 'Pending',
        reopen_count: eb('reopen_count', '+', 1),
        updated_at: now,
        // due again its SLA hours from now (CONTRACT 5.5), and no longer resolved
        due_at: dueAtFrom(ctx.config, before.type, now),
        res_bucket: null,
      }))
      .where('id', '=', complaintId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('complaint_history')
      .values({
        complaint_id: complaintId,
        status: 'Pending',
        remarks: reason,
        by_id: Number(user.id),
        by_name: user.name,
        by_designation: null,
        at: now,
      })
      .execute();
    await bumpCounters(trx, statusMoves(before, before.status, 'Pending'));
    const link = `${ctx.config.publicUrl}${complaintStatusPath(before.token)}`;
    for (const r of await authoritiesToTell(trx, before)) {
      await enqueueMail(trx, reopenedMail(r.email, r.name, before.token, user.name, reason, link), now);
    }
    return updated;
  });
  ctx.mailQueued();
  return toComplaint(row, now);
}

/** An authority's choice of mails about new complaints (CONTRACT 5.1); students and admins have none. */
export async function getPreferences(user: UserRow) {
  if (user.role !== 'authority') throw forbidden(MSG.forbidden);
  return { newComplaints: newComplaintPreference(user) };
}

export async function setPreferences(ctx: Ctx, user: UserRow, newComplaints: TNewComplaintPreference) {
  if (user.role !== 'authority') throw forbidden(MSG.forbidden);
  await ctx.database.db
    .updateTable('users')
    .set({ new_complaints_pref: newComplaints, updated_at: ctx.clock.now() })
    .where('id', '=', Number(user.id))
    .execute();
  return { newComplaints };
}
