import { CLOSED_STATUSES, isOpen, type TComplaintStatus, type TComplaintType } from '@bit/contract';
import { sql } from 'kysely';
import type { AppConfig as Config } from '../../config';
import { HOUR_MS, hourBucket } from '../../lib/hour-buckets';
import { zonedDay, zonedMonth } from '../../lib/zoned-time';

type SlaConfig = Pick<Config, 'slaHoursHostel' | 'slaHoursCollege'>;

/** CONTRACT 5.5: a complaint is due its type's SLA hours after filing or its last reopening. */
export function dueAtFrom(config: SlaConfig, type: TComplaintType, from: number): number {
  return from + (type === 'Hostel' ? config.slaHoursHostel : config.slaHoursCollege) * HOUR_MS;
}

/**
 * Open complaints (the contract's isOpen) in SQL, the closed statuses as literals, so that it reads
 * exactly as the open partial indexes' predicate (migration 008: `status not in ('Resolved',
 * 'Rejected')`): a planner uses a partial index only for a query that states its condition, literals
 * and all. NOT IN, because `status in (...)` would let a planner seek complaints_status_idx and sort.
 */
export const OPEN_SQL = sql<boolean>`status not in (${sql.join(CLOSED_STATUSES.map((s) => sql.lit(s)))})`;

/** Overdue from the due instant itself on, while it is still open. */
export function isOverdue(row: { status: TComplaintStatus; due_at: number }, now: number): boolean {
  return isOpen(row.status) && now >= Number(row.due_at);
}

/**
 * The columns a complaint's timeline decides (due time, report month and buckets), for rows
 * written straight into the table: the demo seed, the benchmark's data and tests. The services
 * set the same columns as each change happens.
 */
export function timelineColumns(
  config: SlaConfig & Pick<Config, 'timeZone'>,
  c: {
    type: TComplaintType;
    createdAt: number;
    /** the last reopening, if any */
    reopenedAt?: number | null;
    firstResponseAt: number | null;
    /** the last change to Resolved, while Resolved */
    resolvedAt: number | null;
  },
) {
  return {
    due_at: dueAtFrom(config, c.type, c.reopenedAt ?? c.createdAt),
    filed_month: zonedMonth(c.createdAt, config.timeZone),
    filed_day: zonedDay(c.createdAt, config.timeZone),
    first_response_at: c.firstResponseAt,
    fr_bucket: c.firstResponseAt === null ? null : hourBucket(c.firstResponseAt - c.createdAt),
    res_bucket: c.resolvedAt === null ? null : hourBucket(c.resolvedAt - c.createdAt),
    resolved_at: c.resolvedAt,
  };
}
