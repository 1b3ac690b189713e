import { type Kysely, type Migration, sql } from 'kysely';
import { HOUR_MS, hourBucket } from '../../lib/hour-buckets';
import { zonedMonth } from '../../lib/zoned-time';

/** What migration 008 needs of the configuration to fill in the complaints filed before it. */
export interface MigrationSettings {
  timeZone: string;
  slaHoursHostel: number;
  slaHoursCollege: number;
}

export const DEFAULT_MIGRATION_SETTINGS: MigrationSettings = {
  timeZone: 'Asia/Kolkata',
  slaHoursHostel: 72,
  slaHoursCollege: 168,
};

/**
 * Pending or In Progress, the statuses a complaint can be overdue in (CONTRACT 5.5), written as
 * NOT IN: a planner cannot seek the status index with it, so the open partial indexes (which hold
 * the open complaints in id order) are the ones it takes.
 */
export const OPEN_PREDICATE = sql<boolean>`status not in ('Resolved', 'Rejected')`;

/**
 * CONTRACT 5.5 and 5.6 (decision 0017): each complaint's due time, its first response, and the
 * report's keys (filing month in TIME_ZONE, resolution and first-response hour buckets), kept on
 * the row when it changes so that a year's report counts index entries instead of reading rows.
 * Open complaints get partial indexes of their own (a few percent of all), for the overdue lists
 * and counts.
 */
export const dueDatesAndReports = (settings: MigrationSettings): Migration => ({
  async up(db: Kysely<unknown>) {
    const add = (column: string, type: 'bigint' | 'integer', notNull = false) =>
      db.schema
        .alterTable('complaints')
        .addColumn(column, type, (c) => (notNull ? c.notNull().defaultTo(0) : c))
        .execute();
    await add('due_at', 'bigint', true);
    await add('first_response_at', 'bigint');
    await add('filed_month', 'integer', true);
    await add('res_bucket', 'integer');
    await add('fr_bucket', 'integer');

    // the complaints filed before: in batches by id, so a large database is never read at once
    let after = 0;
    for (;;) {
      const { rows } = await sql<{
        id: number | string;
        type: string;
        status: string;
        created_at: number | string;
        closed_at: number | string | null;
        updated_at: number | string;
        reopened_at: number | string | null;
        responded_at: number | string | null;
      }>`
        select c.id, c.type, c.status, c.created_at, c.closed_at, c.updated_at,
          (select max(h.at) from complaint_history h
            where h.complaint_id = c.id and h.status = 'Pending' and h.by_id = c.student_id
              and h.at > c.created_at) as reopened_at,
          (select min(x.at) from (
              select h.at from complaint_history h where h.complaint_id = c.id and h.by_id <> c.student_id
              union all
              select m.at from complaint_messages m where m.complaint_id = c.id and m.by_role = 'authority'
            ) x) as responded_at
        from complaints c where c.id > ${after} order by c.id limit 1000`.execute(db);
      if (rows.length === 0) break;
      for (const r of rows) {
        const created = Number(r.created_at);
        const sla = r.type === 'Hostel' ? settings.slaHoursHostel : settings.slaHoursCollege;
        const dueFrom = r.reopened_at === null ? created : Number(r.reopened_at);
        const responded = r.responded_at === null ? null : Number(r.responded_at);
        const resolvedAt = r.status === 'Resolved' ? Number(r.closed_at ?? r.updated_at) : null;
        await sql`update complaints set
            due_at = ${dueFrom + sla * HOUR_MS},
            filed_month = ${zonedMonth(created, settings.timeZone)},
            first_response_at = ${responded},
            fr_bucket = ${responded === null ? null : hourBucket(responded - created)},
            res_bucket = ${resolvedAt === null ? null : hourBucket(resolvedAt - created)}
          where id = ${Number(r.id)}`.execute(db);
      }
      after = Number(rows.at(-1)?.id);
    }

    // Overdue lists walk the open complaints of a scope newest first and read due_at (and status)
    // from the index itself; counts walk the same entries.
    const open: [string, string[]][] = [
      ['complaints_open_idx', ['id', 'due_at', 'status']],
      ['complaints_open_hostel_idx', ['hostel_no', 'id', 'due_at', 'status', 'created_at']],
      ['complaints_open_network_idx', ['is_network', 'id', 'due_at', 'status']],
      ['complaints_open_type_idx', ['type', 'id', 'due_at', 'status']],
      // the report's backlog by age
      ['complaints_open_age_idx', ['created_at', 'type', 'hostel_no']],
    ];
    for (const [name, columns] of open)
      await db.schema.createIndex(name).on('complaints').columns(columns).where(OPEN_PREDICATE).execute();

    // The report groups in these indexes' order, so neither dialect sorts: counts per month,
    // category, hostel and status; resolution and first-response buckets per month (and category);
    // and one index per hostel for the hostel filter.
    await db.schema
      .createIndex('complaints_report_counts_idx')
      .on('complaints')
      .columns(['filed_month', 'type', 'sub_type', 'hostel_no', 'status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('complaints_report_resolution_idx')
      .on('complaints')
      .columns(['filed_month', 'type', 'sub_type', 'res_bucket', 'created_at', 'hostel_no'])
      .where(sql<boolean>`res_bucket is not null`)
      .execute();
    await db.schema
      .createIndex('complaints_report_response_idx')
      .on('complaints')
      .columns(['filed_month', 'fr_bucket', 'created_at', 'type', 'hostel_no'])
      .where(sql<boolean>`fr_bucket is not null`)
      .execute();
    await db.schema
      .createIndex('complaints_report_hostel_idx')
      .on('complaints')
      .columns([
        'hostel_no',
        'filed_month',
        'type',
        'sub_type',
        'status',
        'res_bucket',
        'fr_bucket',
        'created_at',
      ])
      .where(sql<boolean>`hostel_no is not null`)
      .execute();
  },
});
