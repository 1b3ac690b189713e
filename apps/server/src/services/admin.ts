import type { TAdminAuthoritiesQuery, TAuthorityList, TUser } from '@bit/contract';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { toUser, USER_COLUMNS } from './users';

/**
 * Verified authorities, those awaiting approval first. Unverified sign-ups are left out: verifying
 * resets approval, so approving one early would silently be undone.
 */
export async function listAuthorities(ctx: Ctx, q: TAdminAuthoritiesQuery): Promise<TAuthorityList> {
  let base = ctx.database.db.selectFrom('users').where('role', '=', 'authority').where('verified', '=', 1);
  if (q.approved !== undefined) base = base.where('approved', '=', q.approved === 'true' ? 1 : 0);
  // a college has tens or hundreds of authorities: a page by number is a short walk, so `before`
  // (keyset paging of the complaint lists) is not needed here and is ignored
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(USER_COLUMNS)
      .orderBy('approved', 'asc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return { count: Number(n), page: q.page, pageSize: q.pageSize, data: rows.map(toUser) };
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
