import type { TAuditAction, TAuditEntry, TAuditList, TAuditQuery, TRole } from '@bit/contract';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { AuditLogTable, DB } from '../../db/schema';
import { isoFromMs } from '../../lib/iso-time';
import { addDays, zonedDayStart } from '../../lib/zoned-time';
import type { UserRow } from '../accounts/users';

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
  const db = ctx.database.db;
  let base = db.selectFrom('audit_log');
  if (q.actor !== undefined) base = base.where('actor_id', '=', q.actor);
  if (q.who !== undefined) {
    // a part of the name written in the entry, or of the actor's name or email now, any case, on
    // both dialects (lower() on each side: PostgreSQL's LIKE minds case); LIKE's signs taken as text
    const pattern = `%${q.who.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    base = base.where((eb) =>
      eb.or([
        like('audit_log.actor_name'),
        eb(
          'actor_id',
          'in',
          db
            .selectFrom('users')
            .select('users.id')
            .where((u) => u.or([like('users.name'), like('users.email')])),
        ),
      ]),
    );
  }
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
  const data = rows.map(toEntry);
  await nameUserTargets(ctx, data);
  return { count: Number(n), page: q.page, pageSize: q.pageSize, data };
}

/** The names of the users a page's entries were done to, read in one statement ("User #14" named). */
async function nameUserTargets(ctx: Ctx, entries: TAuditEntry[]) {
  const ids = [
    ...new Set(
      entries.flatMap((e) =>
        e.target?.type === 'user' && /^[1-9][0-9]{0,14}$/.test(e.target.id) ? [Number(e.target.id)] : [],
      ),
    ),
  ];
  if (ids.length === 0) return;
  const users = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  const names = new Map(users.map((u) => [String(u.id), u.name]));
  for (const e of entries) {
    const name = e.target?.type === 'user' ? names.get(e.target.id) : undefined;
    if (e.target && name !== undefined) e.target.name = name;
  }
}
