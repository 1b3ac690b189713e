import { sql } from 'kysely';
import type { TestApp } from '../harness';

export { multipart, SMALL_PDF } from '../multipart';

/** Row counts of every table a request could write, plus the counters' values, in one query. */
export async function dbSnapshot(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'users',
    'pending_signups',
    'complaints',
    'complaint_history',
    'feedback',
    'notifications',
    'notification_files',
    'sessions',
    'counters',
  ];
  const cols = tables.map((n) => sql`(select count(*) from ${sql.table(n)}) as ${sql.ref(n)}`);
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${sql.join(cols)}, (select coalesce(sum(value), 0) from counters) as counter_sum, (select coalesce(sum(attempts), 0) from otp_codes) as otp_attempts`.execute(
    t.ctx.database.db,
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

let ipSeq = 0;
/** A fresh client address per request, so the per-address throttles never mask what a case tests. */
export function freshIp(): string {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}
