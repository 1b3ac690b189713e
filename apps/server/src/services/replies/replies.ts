import { MSG, MSG_REPLIES, SAVED_REPLIES_MAX, type TSavedReply, type TSaveReplyRequest } from '@bit/contract';
import type { Ctx } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { staffRefusal } from '../../policy/staff';
import type { UserRow } from '../accounts/users';
import {
  deleteReplyOf,
  freeReplyPlace,
  insertReply,
  type ReplyOwner,
  repliesOf,
  takeReplyPlace,
  updateReplyOf,
} from './queries';

/**
 * Which list a request works on (CONTRACT 7.5, decision 0031): /api/me/replies is an approved
 * authority's own list (one awaiting approval gets 403, as for all authority work), /api/admin/replies
 * the admins' shared list. The routes' guards already hold the role; this is the approval.
 */
export type ReplyList = 'own' | 'shared';

function ownerOf(user: UserRow, list: ReplyList): ReplyOwner {
  if (list === 'shared') {
    if (user.role !== 'admin') throw forbidden(MSG.forbidden);
    return null;
  }
  if (user.role !== 'authority') throw forbidden(MSG.forbidden);
  const refusal = staffRefusal(user, 'act');
  if (refusal) throw forbidden(refusal);
  return Number(user.id);
}

const toReply = (row: {
  id: number | string;
  owner_id: number | string | null;
  title: string;
  body: string;
}) =>
  ({
    id: Number(row.id),
    title: row.title,
    body: row.body,
    shared: row.owner_id === null,
  }) satisfies TSavedReply;

/**
 * GET: an authority's own replies then the shared ones (each by title), the shared ones marked
 * `shared: true` and read only for them; the admin's: the shared ones. No one else's, ever.
 */
export async function listReplies(ctx: Ctx, user: UserRow, list: ReplyList): Promise<TSavedReply[]> {
  const owner = ownerOf(user, list);
  const rows = await repliesOf(ctx.database.db, owner === null ? [null] : [owner, null]);
  const replies = rows.map(toReply);
  // own first: the rows come by title, whichever list
  return [...replies.filter((r) => !r.shared), ...replies.filter((r) => r.shared)];
}

/** POST: a new reply in the list, if it holds fewer than 50 (409 otherwise, nothing written). */
export async function addReply(
  ctx: Ctx,
  user: UserRow,
  list: ReplyList,
  reply: TSaveReplyRequest,
): Promise<TSavedReply> {
  const owner = ownerOf(user, list);
  const now = ctx.clock.now();
  return ctx.database.db.transaction().execute(async (trx) => {
    if (!(await takeReplyPlace(trx, owner, SAVED_REPLIES_MAX)))
      throw conflict(owner === null ? MSG_REPLIES.tooManyShared : MSG_REPLIES.tooMany);
    return toReply(await insertReply(trx, owner, reply, now));
  });
}

/** PUT by id: a reply of the caller's list; any other (another's, a shared one for an authority) is 404. */
export async function updateReply(
  ctx: Ctx,
  user: UserRow,
  list: ReplyList,
  id: number,
  reply: TSaveReplyRequest,
): Promise<TSavedReply> {
  const owner = ownerOf(user, list);
  const row = await updateReplyOf(ctx.database.db, owner, id, reply, ctx.clock.now());
  if (!row) throw notFound(MSG_REPLIES.notFound);
  return toReply(row);
}

/** DELETE by id: as PUT, and the list's place given back in the same transaction. */
export async function deleteReply(ctx: Ctx, user: UserRow, list: ReplyList, id: number): Promise<void> {
  const owner = ownerOf(user, list);
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await deleteReplyOf(trx, owner, id))) throw notFound(MSG_REPLIES.notFound);
    await freeReplyPlace(trx, owner);
  });
}
