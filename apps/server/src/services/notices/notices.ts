import {
  MSG,
  MSG_NOTICE,
  noticeTargetsFor,
  type TNotification,
  type TNotificationPage,
  type TPageQuery,
  type TPostNotificationFields,
} from '@bit/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { Database } from '../../db/database';
import type { DB, NotificationsTable, UsersTable } from '../../db/schema';
import { forbidden, HttpError, notFound, tooMany } from '../../lib/errors';
import { isoFromMs } from '../../lib/iso-time';
import { recordAudit } from '../oversight/audit';
import {
  lockPoster,
  type NoticeAudience,
  noticeCount,
  noticePage,
  noticePageWithCount,
  posterNoticeByAge,
} from './queries';

type NotificationRow = Selectable<NotificationsTable>;
type Poster = Pick<Selectable<UsersTable>, 'id' | 'name' | 'role' | 'designation' | 'hostel_no'>;

export const PDF_MAGIC = Buffer.from('%PDF-', 'ascii');
const NAME_MAX = 100;

/** Bytes, not names or client-declared types, decide what a PDF is. */
export function isPdf(data: Uint8Array): boolean {
  return data.length >= PDF_MAGIC.length && Buffer.from(data.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC);
}

/**
 * A file name safe to store and to echo in a header: no directories (a client may send
 * `../../x` or `C:\x`), no control characters or quotes, always `.pdf`, at most 100 characters.
 */
export function safePdfName(raw: string | undefined | null): string {
  const base =
    String(raw ?? '')
      .split(/[\\/]/)
      .pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  let name = base.replace(/[\u0000-\u001f\u007f-\u009f"]/g, '').trim();
  name = name.replace(/^\.+/, '');
  if (!/\.pdf$/i.test(name)) name = `${name.replace(/\.+$/, '')}.pdf`;
  if (name === '.pdf') name = 'notice.pdf';
  const chars = Array.from(name);
  if (chars.length > NAME_MAX) name = `${chars.slice(0, NAME_MAX - 4).join('')}.pdf`;
  return name;
}

/**
 * `Content-Disposition` for a stored name. Node refuses non-Latin-1 header text, so the plain
 * `filename` gets an ASCII stand-in and the real name travels RFC 5987-encoded beside it.
 */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  if (ascii === name) return `inline; filename="${name}"`;
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function toNotification(row: NotificationRow): TNotification {
  const id = Number(row.id);
  return {
    id,
    title: row.title,
    message: row.message,
    hostel: row.hostel,
    pdfUrl: row.pdf_name ? `/api/notifications/${id}/pdf` : null,
    pdfName: row.pdf_name,
    createdAt: isoFromMs(Number(row.created_at)),
    postedBy: {
      id: Number(row.posted_by_id),
      name: row.posted_by_name,
      role: row.posted_by_role,
      designation: row.posted_by_designation,
    },
  };
}

export interface UploadedPdf {
  filename: string | undefined;
  data: Buffer;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** CONTRACT 5.9: notices one authority may post in any 24 hours (admins are not limited). */
export const NOTICES_PER_DAY = 30;

/**
 * How long the poster must wait before one more notice fits in the quota, 0 when it fits now,
 * counting `alsoPosting` notices of theirs about to be stored: it is when the NOTICES_PER_DAY-th
 * newest notice, those included, turns a day old.
 */
async function noticeQuotaWaitMs(
  db: Database | Transaction<DB>,
  posterId: number,
  now: number,
  alsoPosting: number,
): Promise<number> {
  const skip = NOTICES_PER_DAY - 1 - alsoPosting;
  if (skip < 0) return DAY_MS;
  const [edge] = await posterNoticeByAge(db, { posterId, skip });
  return edge ? Math.max(0, Number(edge.created_at) + DAY_MS - now) : 0;
}

/** Posts of each poster this process is reading or storing now. */
const postsInFlight = new Map<number, number>();

/**
 * Called before a notice's body is read: refuses (429) a poster whose quota is used up, counting
 * the posts of theirs this process is still reading or storing, so that a burst of 10 MB uploads
 * is refused before it is buffered rather than after. Returns the function to call once the post
 * is over, whatever its outcome. The count in createNotification's transaction is the one that
 * holds across processes; this one spares the memory.
 */
export async function reserveNoticeSlot(ctx: Ctx, poster: Poster): Promise<() => void> {
  if (poster.role === 'admin') return () => {};
  const id = Number(poster.id);
  // taken before the first await, so posts arriving together each see the ones before them
  const ahead = postsInFlight.get(id) ?? 0;
  postsInFlight.set(id, ahead + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (postsInFlight.get(id) ?? 1) - 1;
    if (left > 0) postsInFlight.set(id, left);
    else postsInFlight.delete(id);
  };
  try {
    const waitMs = await noticeQuotaWaitMs(ctx.database, id, ctx.clock.now(), ahead);
    if (waitMs > 0) throw tooMany(MSG.noticeQuota, waitMs / 1000);
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

export async function createNotification(
  ctx: Ctx,
  poster: Poster,
  fields: TPostNotificationFields,
  pdf: UploadedPdf | null,
): Promise<TNotification> {
  const hostelNo = poster.hostel_no === null ? null : Number(poster.hostel_no);
  const targets = noticeTargetsFor({ role: poster.role, designation: poster.designation, hostelNo });
  if (!targets.includes(fields.hostel)) throw forbidden(MSG_NOTICE.ownHostelOnly(hostelNo));
  if (pdf && !isPdf(pdf.data)) throw new HttpError(415, MSG.pdfOnly);
  const pdfName = pdf ? safePdfName(pdf.filename) : null;
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    // before anything is written, so a refused post stores nothing
    if (poster.role !== 'admin') {
      const posterId = Number(poster.id);
      // SQLite's transactions already take turns (BEGIN IMMEDIATE, one connection)
      if (ctx.database.dialect === 'postgres') await lockPoster(trx, { posterId });
      const waitMs = await noticeQuotaWaitMs(trx, posterId, now, 0);
      if (waitMs > 0) throw tooMany(MSG.noticeQuota, waitMs / 1000);
    }
    const inserted = await trx
      .insertInto('notifications')
      .values({
        title: fields.title,
        message: fields.message,
        hostel: fields.hostel,
        pdf_name: pdfName,
        pdf_size: pdf ? pdf.data.length : null,
        posted_by_id: Number(poster.id),
        posted_by_name: poster.name,
        posted_by_role: poster.role,
        posted_by_designation: poster.role === 'authority' ? poster.designation : null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (pdf) {
      await trx
        .insertInto('notification_files')
        .values({ notification_id: inserted.id, data: pdf.data })
        .execute();
    }
    return inserted;
  });
  return toNotification(row);
}

/** `null`: every notice; `all`: whole-college notices; a hostel number: that hostel's plus the whole-college ones. */
export async function listNotifications(
  ctx: Ctx,
  target: string | null,
  page: TPageQuery,
): Promise<TNotificationPage> {
  const audience: NoticeAudience = target === null ? 'every' : target === 'all' ? 'all' : 'hostel';
  const keyset = page.before !== undefined;
  const args = {
    target: target ?? '',
    before: page.before ?? 0,
    limit: page.pageSize,
    offset: keyset ? 0 : (page.page - 1) * page.pageSize,
  };
  if (ctx.database.dialect === 'postgres') {
    const [row] = await noticePageWithCount(
      ctx.database,
      { audience, keyset, pageSize: page.pageSize, atStart: keyset || page.page === 1 },
      args,
    );
    return {
      count: Number(row?.count ?? 0),
      page: page.page,
      pageSize: page.pageSize,
      data: ((row?.rows ?? []) as NotificationRow[]).map(toNotification),
    };
  }
  const [counted, rows] = await Promise.all([
    noticeCount(ctx.database, audience, { target: target ?? '' }),
    noticePage(ctx.database, { audience, keyset }, args),
  ]);
  return {
    count: Number(counted[0]?.count ?? 0),
    page: page.page,
    pageSize: page.pageSize,
    data: rows.map(toNotification),
  };
}

export async function getNotificationPdf(ctx: Ctx, id: number): Promise<{ name: string; data: Buffer }> {
  const row = await ctx.database.db
    .selectFrom('notifications')
    .innerJoin('notification_files', 'notification_files.notification_id', 'notifications.id')
    .select(['notifications.pdf_name', 'notification_files.data'])
    .where('notifications.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('This notice has no PDF');
  return { name: row.pdf_name ?? 'notice.pdf', data: Buffer.from(row.data) };
}

/**
 * An admin may delete any notice; an authority only the ones it posted. The audit entry (whoever
 * deletes: its actor's role says who) is written in the delete's transaction, and only when this
 * request deleted the row, so two deletes at once record one.
 */
export async function deleteNotification(
  ctx: Ctx,
  user: Poster,
  ip: string | null,
  id: number,
): Promise<void> {
  const db = ctx.database.db;
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'posted_by_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.notificationNotFound);
  const mayDelete =
    user.role === 'admin' || (user.role === 'authority' && Number(row.posted_by_id) === Number(user.id));
  if (!mayDelete) throw forbidden('You can only delete notices you posted');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_files').where('notification_id', '=', id).execute();
    const deleted = await trx.deleteFrom('notifications').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(MSG.notificationNotFound);
    await recordAudit(trx, {
      actor: user,
      action: 'notice.delete',
      target: { type: 'notice', id },
      ip,
      at: ctx.clock.now(),
    });
  });
}
