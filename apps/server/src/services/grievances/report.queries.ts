import { COMMITTEES } from '@bit/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';

/**
 * The grievance report's statements (CONTRACT 7.4), each read from grievances_report_days_idx alone
 * (committee, created_at, and the instants the figures compare): for each committee one range of
 * submission times, no row read and nothing sorted. An admin's page, not a hot path: plain Kysely.
 * None reads a subject, a description or a name (they are not in the index).
 *
 * Measured at 100,000 grievances on SQLite (a year's period, about 91,000 of them, 64,000 decided):
 * one statement grouping by committee and a CASE of months sorted every row in a temporary B-tree
 * (about 55 ms of CPU); a statement per month, grouped by committee in the index's order, about 2 ms
 * each. Reading the decided ones' two instants and counting working days between them in JavaScript
 * was the larger part (about 75 ms): each decision's working days are now stored when it is made
 * (migration 027) and read with the counts, a list of small integers per committee and month.
 */

/** The committees as an IN list: the index is sought per committee instead of scanned whole. */
const ALL_COMMITTEES = [...COMMITTEES];

/**
 * The counts per committee of the grievances submitted in [start, end) (one month of the period):
 * `count(x)` counts where x is not null, so each figure is a count of a CASE (no sum of booleans,
 * which PostgreSQL has not).
 */
export const countsByCommittee = (
  db: Kysely<DB>,
  dialect: Dialect,
  p: { start: number; end: number; now: number },
) =>
  db
    .selectFrom('grievances')
    .select([
      'committee',
      sql<number>`count(*)`.as('received'),
      sql<number>`count(decision_at)`.as('decided'),
      sql<number>`count(case when decision_at <= due_at then 1 end)`.as('decided_by_due'),
      sql<number>`count(appeal_at)`.as('appealed'),
      sql<number>`count(case when appeal_decided_at <= appeal_due_at then 1 end)`.as('appeals_by_due'),
      sql<number>`count(case when open_due_at < ${p.now} then 1 end)`.as('open_past_due'),
      // the decided ones' working days to their decision (stored when decided), as one text for
      // the median: aggregated in the index's order like the counts, where a GROUP BY of the days
      // sorted every decided entry in a temporary B-tree (about 30 ms for a year of 100,000)
      (dialect === 'postgres'
        ? sql<string | null>`string_agg(cast(decision_working_days as text), ',')`
        : sql<string | null>`group_concat(decision_working_days)`
      ).as('working_days'),
    ])
    .where('committee', 'in', ALL_COMMITTEES)
    .where('created_at', '>=', p.start)
    .where('created_at', '<', p.end)
    .groupBy('committee')
    .execute();
