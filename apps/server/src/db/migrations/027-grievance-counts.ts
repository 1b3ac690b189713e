import { DEFAULT_WORKING_DAYS, type TWeekday, workingDaysBetween } from '@bit/contract';
import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 52's measurement at 100,000 grievances: what a committee's list and the report read on every
 * request, kept beside the rows instead.
 *
 * `grievance_counts`: the grievances per (category, status), with the committee the category goes to,
 * written in the same transaction as each submission and each change of status
 * (services/grievances/counts.ts), as the complaints' counters are. A list without a search or the
 * overdue filter reads its total from these few rows instead of counting its committee's grievances.
 * Seeded here from the rows.
 *
 * `decision_working_days`: the working days (7.1) from the grievance's submission to its committee's
 * decision, stored when it is decided, with the holidays known then: fixed once made, as a deadline
 * is (decision 0033). The report's median reads this small integer from grievances_report_days_idx,
 * which replaces grievances_report_idx (the same columns and this one). Backfilled here with the
 * holidays as they are now.
 */
export const grievanceCounts = (settings: {
  timeZone: string;
  workingDays?: readonly TWeekday[];
}): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('grievance_counts')
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('committee', 'text', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('grievance_counts_pk', ['category', 'status'])
      .execute();
    await sql`
      insert into grievance_counts (category, status, committee, n)
      select category, status, min(committee), count(*) from grievances group by category, status`.execute(
      db,
    );

    await db.schema.alterTable('grievances').addColumn('decision_working_days', 'integer').execute();
    const decided = await sql<{ id: number; created_at: number; decision_at: number }>`
      select id, created_at, decision_at from grievances where decision_at is not null`.execute(db);
    if (decided.rows.length > 0) {
      const holidays = await sql<{ date: string }>`select date from holidays`.execute(db);
      const calendar = {
        timeZone: settings.timeZone,
        workingDays: settings.workingDays ?? DEFAULT_WORKING_DAYS,
        holidays: new Set(holidays.rows.map((h) => h.date)),
      };
      for (const g of decided.rows)
        await sql`update grievances set decision_working_days = ${workingDaysBetween(
          Number(g.created_at),
          Number(g.decision_at),
          calendar,
        )} where id = ${g.id}`.execute(db);
    }

    // the report's covering index, with the working days to the decision
    await db.schema
      .createIndex('grievances_report_days_idx')
      .on('grievances')
      .columns([
        'committee',
        'created_at',
        'decision_at',
        'due_at',
        'appeal_at',
        'appeal_decided_at',
        'appeal_due_at',
        'open_due_at',
        'decision_working_days',
      ])
      .execute();
    await db.schema.dropIndex('grievances_report_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('grievances_report_idx')
      .on('grievances')
      .columns([
        'committee',
        'created_at',
        'decision_at',
        'due_at',
        'appeal_at',
        'appeal_decided_at',
        'appeal_due_at',
        'open_due_at',
      ])
      .execute();
    await db.schema.dropIndex('grievances_report_days_idx').execute();
    await db.schema.alterTable('grievances').dropColumn('decision_working_days').execute();
    await db.schema.dropTable('grievance_counts').execute();
  },
});
