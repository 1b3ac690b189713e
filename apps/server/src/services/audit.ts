import type { TAuditAction } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
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
