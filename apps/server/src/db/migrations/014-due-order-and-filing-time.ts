import { type Kysely, type Migration, sql } from 'kysely';
import { OPEN_PREDICATE } from './008-due-dates-reports';

/**
 * Issue 33 rows 6, 7 and 12 (CONTRACT 6.6):
 *
 * - Overdue lists are ordered most overdue first (earliest due_at, then id). The due-date partial
 *   indexes over open complaints (migration 009, used until now for the not-yet-due counts) are made
 *   again ending in id, with status and created_at after it: a page walks one scope's open complaints
 *   in that order and stops at the page, and the keyset (due_at, id) is a seek. The open indexes in id
 *   order go: the overdue pages walked them, and the report's overdue per hostel now reads the hostel's
 *   due-date index, which holds created_at too (complaints_open_age_idx stays: the backlog by age).
 * - Lists and the export take a period of filing days: complaints_filed_idx holds every complaint in
 *   filing-time order with the admin's filter columns, so a period is one range of it, newest first.
 *   The report's exact percentiles read a small period's complaints through it too.
 * - `resolved_at`: the last change to Resolved while Resolved (as res_bucket, the same moment to the
 *   millisecond), for exact percentiles. Complaints already Resolved take the first Resolved entry of
 *   their history after the last entry that was not (a remark added while Resolved is not a new
 *   resolution).
 */
/** Migration 008's partial indexes over open complaints in id order, which this one drops. */
const OPEN_IN_ID_ORDER: [string, string[]][] = [
  ['complaints_open_idx', ['id', 'due_at', 'status']],
  ['complaints_open_hostel_idx', ['hostel_no', 'id', 'due_at', 'status', 'created_at']],
  ['complaints_open_network_idx', ['is_network', 'id', 'due_at', 'status']],
  ['complaints_open_type_idx', ['type', 'id', 'due_at', 'status']],
];

export const dueOrderAndFilingTime = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('complaints').addColumn('resolved_at', 'bigint').execute();
    await sql`update complaints set resolved_at = (
        select min(h.at) from complaint_history h
        where h.complaint_id = complaints.id and h.status = 'Resolved'
          and h.id > coalesce((
            select max(p.id) from complaint_history p
            where p.complaint_id = complaints.id and p.status <> 'Resolved'
          ), 0)
      ) where status = 'Resolved'`.execute(db);

    const due: [string, string[]][] = [
      ['complaints_due_idx', ['due_at', 'id', 'status', 'created_at']],
      ['complaints_due_hostel_idx', ['hostel_no', 'due_at', 'id', 'status', 'created_at']],
      ['complaints_due_network_idx', ['is_network', 'due_at', 'id', 'status']],
      ['complaints_due_type_idx', ['type', 'due_at', 'id', 'status', 'created_at']],
    ];
    for (const [name, columns] of due) {
      await db.schema.dropIndex(name).execute();
      await db.schema.createIndex(name).on('complaints').columns(columns).where(OPEN_PREDICATE).execute();
    }
    for (const name of OPEN_IN_ID_ORDER.map(([n]) => n)) await db.schema.dropIndex(name).execute();

    await db.schema
      .createIndex('complaints_filed_idx')
      .on('complaints')
      .columns(['created_at', 'id', 'type', 'hostel_no', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('complaints_filed_idx').execute();
    for (const [name, columns] of OPEN_IN_ID_ORDER)
      await db.schema.createIndex(name).on('complaints').columns(columns).where(OPEN_PREDICATE).execute();
    const due: [string, string[]][] = [
      ['complaints_due_idx', ['due_at', 'status']],
      ['complaints_due_hostel_idx', ['hostel_no', 'due_at', 'status']],
      ['complaints_due_network_idx', ['is_network', 'due_at', 'status']],
      ['complaints_due_type_idx', ['type', 'due_at', 'status']],
    ];
    for (const [name, columns] of due) {
      await db.schema.dropIndex(name).execute();
      await db.schema.createIndex(name).on('complaints').columns(columns).where(OPEN_PREDICATE).execute();
    }
    await db.schema.alterTable('complaints').dropColumn('resolved_at').execute();
  },
});
