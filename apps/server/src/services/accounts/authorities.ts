import type { TAdminAuthoritiesQuery, TAuthorityList, TUser } from '@bit/contract';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { type AuditSource, recordAudit } from '../oversight/audit';
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
 * from the user row on every request, so the next request already sees no complaints. The audit
 * entry is written in the same transaction (CONTRACT 6.5): an approval never goes unrecorded, and a
 * refused one leaves no entry.
 */
export async function setAuthorityApproval(
  ctx: Ctx,
  by: AuditSource,
  id: number,
  approved: boolean,
): Promise<TUser> {
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ approved: approved ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .where('role', '=', 'authority')
      .where('verified', '=', 1)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('Authority not found');
    await recordAudit(trx, {
      ...by,
      action: approved ? 'authority.approve' : 'authority.withdraw',
      target: { type: 'user', id },
      at: now,
    });
    return updated;
  });
  return toUser(row);
}
