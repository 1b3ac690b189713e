import {
  MSG,
  type TNotification,
  type TNotificationPage,
  type TPageQuery,
  type TPostNotificationFields,
} from '@bit/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Ctx } from '../context';
import type { DB, NotificationsTable, UsersTable } from '../db/schema';
import { forbidden, HttpError, notFound } from '../lib/errors';
import { isoFromMs } from '../lib/iso-time';
import { preparedQuery } from '../lib/prepared';

type NotificationRow = Selectable<NotificationsTable>;
type Poster = Pick<Selectable<UsersTable>, 'id' | 'name' | 'role'>;

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
    postedBy: { id: Number(row.posted_by_id), name: row.posted_by_name, role: row.posted_by_role },
  };
}

export interface UploadedPdf {
  filename: string | undefined;
  data: Buffer;
}

export async function createNotification(
  ctx: Ctx,
  poster: Poster,
  fields: TPostNotificationFields,
  pdf: UploadedPdf | null,
): Promise<TNotification> {
  if (pdf && !isPdf(pdf.data)) throw new HttpError(415, MSG.pdfOnly);
  const pdfName = pdf ? safePdfName(pdf.filename) : null;
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
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

// the shape is which notices: every one, whole-college ones, or one hostel's plus whole-college ones
function noticesFor(db: Kysely<DB>, shape: string, target: string) {
  const from = db.selectFrom('notifications');
  if (shape === 'all') return from.where('hostel', '=', 'all');
  if (shape === 'hostel') return from.where('hostel', 'in', [target, 'all']);
  return from;
}

const noticeCount = preparedQuery((db, shape, target: string) =>
  noticesFor(db, shape, target).select((eb) => eb.fn.countAll<number>().as('count')),
);

// the shape is which notices, then `<` when the page starts below an id (keyset: nothing skipped)
const noticePage = preparedQuery(
  (db, shape, target: string, before: number, limit: number, offset: number) => {
    const [which = '', keyset] = shape.split(';');
    if (which === 'hostel') {
      // `hostel in (x, 'all') order by id` cannot be read in order from the (hostel, id) index: it
      // sorted every matching notice on each request. Two ordered ranges joined by UNION ALL are
      // merged instead (SQLite: MERGE (UNION ALL)), stopping after a page. PostgreSQL chooses by cost
      // (for a few thousand notices, a top-N sort of the two ranges).
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('hostel', '=', target)
        .$if(Boolean(keyset), (q) => q.where('id', '<', before))
        .unionAll(
          db
            .selectFrom('notifications')
            .selectAll()
            .where('hostel', '=', 'all')
            .$if(Boolean(keyset), (q) => q.where('id', '<', before)),
        )
        .orderBy('id', 'desc')
        .limit(limit)
        .$if(!keyset, (q) => q.offset(offset));
    }
    return noticesFor(db, which, target)
      .selectAll()
      .$if(Boolean(keyset), (q) => q.where('id', '<', before))
      .orderBy('id', 'desc')
      .limit(limit)
      .$if(!keyset, (q) => q.offset(offset));
  },
);

/** `null`: every notice; `all`: whole-college notices; a hostel number: that hostel's plus the whole-college ones. */
export async function listNotifications(
  ctx: Ctx,
  target: string | null,
  page: TPageQuery,
): Promise<TNotificationPage> {
  const shape = target === null ? 'every' : target === 'all' ? 'all' : 'hostel';
  const [counted, rows] = await Promise.all([
    noticeCount(ctx.database, shape, target ?? ''),
    page.before === undefined
      ? noticePage(ctx.database, shape, target ?? '', 0, page.pageSize, (page.page - 1) * page.pageSize)
      : noticePage(ctx.database, `${shape};<`, target ?? '', page.before, page.pageSize, 0),
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

/** An admin may delete any notice; an authority only the ones it posted. */
export async function deleteNotification(ctx: Ctx, user: Poster, id: number): Promise<void> {
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
    await trx.deleteFrom('notifications').where('id', '=', id).execute();
  });
}
