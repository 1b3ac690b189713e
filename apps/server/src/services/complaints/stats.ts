import { HOSTEL_NUMBERS, type TAdminStats } from '@bit/contract';
import type { Ctx } from '../../context';
import { counterScopeKey } from '../../policy/scope';
import { readAllCounters } from '../counters';
import { averageFrom } from '../feedback';
import { statusCounts } from './counts';
import { notYetDueAnywhere, overdueOf } from './lists';

const HOSTEL_SCOPES = HOSTEL_NUMBERS.map((hostelNo) => counterScopeKey({ kind: 'hostel', hostelNo }));

export async function adminStats(ctx: Ctx): Promise<TAdminStats> {
  const now = ctx.clock.now();
  const [counters, notDue] = await Promise.all([readAllCounters(ctx.database), notYetDueAnywhere(ctx, now)]);
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
