import { HOSTEL_NUMBERS, type TAdminStats } from '@bit/contract';
import type { Ctx } from '../../context';
import { counterScopeKey } from '../../policy/scope';
import { readAllCounters } from '../counters';
import { averageFrom } from '../feedback';
import { statusCounts } from './counts';
import { countOverdue } from './queries';

const HOSTEL_SCOPES = HOSTEL_NUMBERS.map((hostelNo) => counterScopeKey({ kind: 'hostel', hostelNo }));

export async function adminStats(ctx: Ctx): Promise<TAdminStats> {
  const now = ctx.clock.now();
  const [counters, [overdue]] = await Promise.all([
    readAllCounters(ctx.database),
    countOverdue(ctx.database, { by: null, status: false }, { value: 0, status: 'Pending', now }),
  ]);
  const feedbackCount = counters['fb:count'] ?? 0;
  const ratingSum = counters['fb:sum'] ?? 0;
  return {
    ...statusCounts(counters, 'all', Number(overdue?.n ?? 0)),
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
