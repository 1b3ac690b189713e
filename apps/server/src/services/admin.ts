import type { TUser } from '@bit/contract';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { toUser } from './users';

/**
 * Verified authorities, those awaiting approval first. Unverified sign-ups are left out: verifying
 * resets approval, so approving one early would silently be undone.
 */
export async function listAuthorities(ctx: Ctx, approved?: boolean): Promise<TUser[]> {
  let q = ctx.database.db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', 'authority')
    .where('verified', '=', 1);
  if (approved !== undefined) q = q.where('approved', '=', approved ? 1 : 0);
  const rows = await q.orderBy('approved', 'asc').orderBy('id', 'desc').execute();
  return rows.map(toUser);
}

/**
 * Grants or withdraws an authority's approval. Withdrawal needs nothing else revoked: scope is read
 * from the user row on every request, so the next request already sees no complaints.
 */
export async function setAuthorityApproval(ctx: Ctx, id: number, approved: boolean): Promise<TUser> {
  const row = await ctx.database.db
    .updateTable('users')
    .set({ approved: approved ? 1 : 0, updated_at: ctx.clock.now() })
    .where('id', '=', id)
    .where('role', '=', 'authority')
    .where('verified', '=', 1)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Authority not found');
  return toUser(row);
}
