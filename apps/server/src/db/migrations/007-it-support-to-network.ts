import { type Kysely, type Migration, sql } from 'kysely';

/**
 * CONTRACT 5.8: the Network Department also sees College complaints of IT Support (campus Wi-Fi and
 * network faults outside the hostels). New filings are flagged by policy/scope.ts; the ones filed
 * before are flagged here, and the network counters gain them, status by status, in the same
 * transaction as the flags (migrations run in one).
 */
export const itSupportToNetwork = (): Migration => ({
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ status: string; n: number | string }>`
      select status, count(*) as n from complaints
      where type = 'College' and sub_type = 'IT Support' and is_network = 0
      group by status`.execute(db);
    await sql`update complaints set is_network = 1
      where type = 'College' and sub_type = 'IT Support' and is_network = 0`.execute(db);
    for (const { status, n } of rows) {
      await sql`insert into counters (key, value) values (${`c:network:${status}`}, ${Number(n)})
        on conflict (key) do update set value = counters.value + excluded.value`.execute(db);
    }
  },
});
