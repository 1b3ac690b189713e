import { HOSTEL_NUMBERS, type TAdminStats } from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import type { Dialect } from '../../db/database';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import { counterScopeKey } from '../../policy/complaints';
import { allCountersJson, countersFromJson } from './counters';
import { statusCounts } from './counts';
import { averageFrom } from './feedback';
import { overdueOf } from './list-counts';
import { notYetDueQuery } from './queries';

// every complaint: no scope column, any status
const NO_COUNT_FILTER = { by: null, status: false } as const;

const HOSTEL_SCOPES = HOSTEL_NUMBERS.map((hostelNo) => counterScopeKey({ kind: 'hostel', hostelNo }));

/** Every counter, and the open complaints not due yet (overdue: the open ones less these), in one statement. */
const countersAndNotDue = preparedQuery((db, p: Placeholders<{ now: number }>, dialect: Dialect) =>
  db.selectNoFrom([
    allCountersJson(db, dialect).as('counters'),
    notYetDueQuery(db, { now: p.now, value: sql.lit(0), status: sql.lit('Pending') }, NO_COUNT_FILTER).as(
      'not_due',
    ),
  ]),
);

export async function adminStats(ctx: Ctx): Promise<TAdminStats> {
  const now = ctx.clock.now();
  const [row] = await countersAndNotDue(ctx.database, ctx.database.dialect, { now });
  const counters = countersFromJson(row?.counters);
  const notDue = Number(row?.not_due ?? 0);
  const feedbackCount = counters['fb:count'] ?? 0;
  const ratingSum = counters['fb:sum'] ?? 0;
  return {
    ...statusCounts(counters, 'all', overdueOf(counters, 'all', undefined, notDue)),
    averageRating: averageFrom(feedbackCount, ratingSum),
    feedbackCount,
    byHostel: HOSTEL_NUMBERS.map((n, i) => ({
      hostelNo: n,
      total: statusCounts(counters, HOSTEL_SCOPES[i]!).total,
    })),
    byType: {
      Hostel: statusCounts(counters, 'type:Hostel').total,
      College: statusCounts(counters, 'type:College').total,
    },
  };
}
