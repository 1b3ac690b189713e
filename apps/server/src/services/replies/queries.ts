/**
 * The statements of saved replies (CONTRACT 7.5). A list holds at most 50 short rows and is read when
 * a screen or a dialog opens: plain Kysely, no prepared statements.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A list: an authority's own (their id), or the admins' shared one (null). */
export type ReplyOwner = number | null;

/** reply_lists' key of a list: the owner's id, 0 for the shared list (no user has id 0). */
const listKey = (owner: ReplyOwner) => owner ?? 0;

const SHOWN = ['id', 'owner_id', 'title', 'body'] as const;

/** Rows of these lists, each list by title (then id: two replies may share a title). */
export const repliesOf = (db: Db, owners: readonly ReplyOwner[]) =>
  db
    .selectFrom('saved_replies')
    .select(SHOWN)
    .where((eb) =>
      eb.or(
        owners.map((owner) => (owner === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', owner))),
      ),
    )
    .orderBy('title')
    .orderBy('id')
    .execute();

/**
 * Takes a place in the list: one conditional write, an upsert that adds one to the list's count only
 * while it is below `max`. PostgreSQL locks the list's row and judges the newest count (a second
 * request waits for the first's transaction and sees its place taken); SQLite runs one writer at a
 * time. False when the list is full: nothing was counted.
 */
export async function takeReplyPlace(trx: Transaction<DB>, owner: ReplyOwner, max: number): Promise<boolean> {
  const row = await trx
    .insertInto('reply_lists')
    .values({ owner_id: listKey(owner), replies: 1 })
    .onConflict((oc) =>
      oc
        .column('owner_id')
        .doUpdateSet({ replies: sql`reply_lists.replies + 1` })
        .where('reply_lists.replies', '<', max),
    )
    .returning('replies')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a deleted reply's place back, in the deletion's transaction. */
export const freeReplyPlace = (trx: Transaction<DB>, owner: ReplyOwner) =>
  trx
    .updateTable('reply_lists')
    .set({ replies: sql`replies - 1` })
    .where('owner_id', '=', listKey(owner))
    .where('replies', '>', 0)
    .execute();

export const insertReply = (
  trx: Transaction<DB>,
  owner: ReplyOwner,
  reply: { title: string; body: string },
  now: number,
) =>
  trx
    .insertInto('saved_replies')
    .values({ owner_id: owner, title: reply.title, body: reply.body, created_at: now, updated_at: now })
    .returning(SHOWN)
    .executeTakeFirstOrThrow();

/** Rewrites a reply of this list; undefined when the list has no such reply (another's, or none). */
export const updateReplyOf = (
  db: Db,
  owner: ReplyOwner,
  id: number,
  reply: { title: string; body: string },
  now: number,
) =>
  db
    .updateTable('saved_replies')
    .set({ title: reply.title, body: reply.body, updated_at: now })
    .where('id', '=', id)
    .where((eb) => (owner === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', owner)))
    .returning(SHOWN)
    .executeTakeFirst();

/** Deletes a reply of this list; undefined when the list has no such reply. */
export const deleteReplyOf = (trx: Transaction<DB>, owner: ReplyOwner, id: number) =>
  trx
    .deleteFrom('saved_replies')
    .where('id', '=', id)
    .where((eb) => (owner === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', owner)))
    .returning('id')
    .executeTakeFirst();
