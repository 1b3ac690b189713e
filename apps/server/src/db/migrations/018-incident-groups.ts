import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';
import { OPEN_PREDICATE } from './008-due-dates-reports';

/**
 * Issue 34 (CONTRACT 6.1): the authority dashboard's "looks like one problem" reads the open
 * complaints in no incident filed within the last day. It walked the day's range of
 * complaints_filed_idx (every filing of the day) and read each row of the caller's scope from the
 * table for its link and category: at 1,000,000 complaints a warden's read was 0.7 ms at the median.
 * This partial index holds only the complaints a group can take (open, in no incident), in filing
 * order, with every column the read returns or filters on, so the read is one covering range of it:
 * 0.23 ms (docs/performance-history.md). A complaint leaves it when it closes or is linked.
 */
const GROUPABLE_PREDICATE = sql<boolean>`${OPEN_PREDICATE} and incident_id is null`;

export const incidentGroups = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('complaints_groupable_idx')
      .on('complaints')
      .columns(['created_at', 'id', 'hostel_no', 'is_network', 'type', 'sub_type', 'status', 'incident_id'])
      .where(GROUPABLE_PREDICATE)
      .execute();
    // Where ANALYZE has given the other indexes their figures (sqlite_stat1), SQLite weighs a new
    // index without any against them and, at 1,000,000 complaints, took the open complaints' age
    // index and sorted instead; its own figures (59 ms to gather at that size) settle it.
    // PostgreSQL's planner sizes a partial index from the table's statistics.
    if (dialect === 'sqlite') {
      const analyzed = await sql`select 1 from sqlite_schema where name = 'sqlite_stat1'`.execute(db);
      if (analyzed.rows.length > 0) await sql`analyze complaints_groupable_idx`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('complaints_groupable_idx').execute();
  },
});
