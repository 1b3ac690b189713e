import type { TAuditAction, TAuditEntry, TAuditList, TAuditQuery, TRole } from '@bit/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Ctx } from '../context';
import type { AuditLogTable, DB } from '../db/schema';
import { isoFromMs } from '../lib/iso-time';
import { addDays, zonedDayStart } from '../lib/zoned-time';
import type { UserRow } from './users';

/** Who did it: the signed-in user, or null for the command line (CONTRACT 6.5). */
export type AuditActor = Pick<UserRow, 'id' | 'name' | 'role'> | null;

export interface AuditEvent {
  actor: AuditActor;
  action: TAuditAction;
  target: { type: string; id: string | number } | null;
  /** the client address of the request; null for the command line */
  ip: string | null;
  at: number;
}

/**
 * Writes one audit entry. Called with the transaction of the action it records, so an action is
 * never without its entry and an entry never without its action.
 */
export async function recordAudit(trx: Transaction<DB> | Kysely<DB>, event: AuditEvent): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: event.at,
      actor_id: event.actor ? Number(event.actor.id) : null,
      actor_name: event.actor?.name ?? null,
      actor_role: event.actor?.role ?? null,
      action: event.action,
      target_type: event.target?.type ?? null,
      target_id: event.target === null ? null : String(event.target.id),
      ip: event.ip,
    })
    .execute();
}

/** Who did an action from a request: the signed-in user and the client address. */
export interface AuditSource {
  actor: AuditActor;
  ip: string | null;
}

const toEntry = (row: Selectable<AuditLogTable>): TAuditEntry => ({
  id: Number(row.id),
  at: isoFromMs(Number(row.at)),
  actor:
    row.actor_id === null
      ? null
      : { id: Number(row.actor_id), name: row.actor_name ?? '', role: row.actor_role as TRole },
  action: row.action as TAuditAction,
  target: row.target_type === null ? null : { type: row.target_type, id: row.target_id ?? '' },
  ip: row.ip,
});

/**
 * CONTRACT 6.5: the audit log, newest first, filtered by actor, action and days of TIME_ZONE (both
 * ends included, as the report counts them). Paged as the other lists: by number, or by `before`
 * (the last id shown), which reads from the index at any depth.
 */
export async function listAudit(ctx: Ctx, q: TAuditQuery): Promise<TAuditList> {
  const zone = ctx.config.timeZone;
  let base = ctx.database.db.selectFrom('audit_log');
  if (q.actor !== undefined) base = base.where('actor_id', '=', q.actor);
  if (q.action !== undefined) base = base.where('action', '=', q.action);
  if (q.from !== undefined) base = base.where('at', '>=', zonedDayStart(q.from, zone));
  if (q.to !== undefined) base = base.where('at', '<', zonedDayStart(addDays(q.to, 1), zone));
  const keyset = q.before !== undefined;
  let page = base.selectAll().orderBy('id', 'desc').limit(q.pageSize);
  page = keyset ? page.where('id', '<', q.before as number) : page.offset((q.page - 1) * q.pageSize);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    page.execute(),
  ]);
  return { count: Number(n), page: q.page, pageSize: q.pageSize, data: rows.map(toEntry) };
}
