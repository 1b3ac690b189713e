import { HOSTEL_NUMBERS, type TAdminStats } from '@bit/contract';
import type { Ctx } from '../../context';
import { counterScopeKey } from '../../policy/scope';
import { readAllCounters } from '../counters';
import { averageFrom } from '../feedback';
import { sessionOf } from '../sessions';
import { statusCounts } from './counts';
import { adminStatsWithSession as adminStatsWithSessionQuery } from './joined.queries';
import { notYetDueAnywhere, overdueOf } from './lists';

const HOSTEL_SCOPES = HOSTEL_NUMBERS.map((hostelNo) => counterScopeKey({ kind: 'hostel', hostelNo }));

export async function adminStats(ctx: Ctx): Promise<TAdminStats> {
  const now = ctx.clock.now();
  const [counters, notDue] = await Promise.all([readAllCounters(ctx.database), notYetDueAnywhere(ctx, now)]);
  return statsOf(counters, notDue);
}

/**
 * adminStats with the session check in the same statement (PostgreSQL: one round trip, decision
 * 0019). `session` is null when the token's session is not live.
 */
export async function adminStatsWithSession(ctx: Ctx, tokenHash: string) {
  const [row] = await adminStatsWithSessionQuery(ctx.database, { tokenHash, now: ctx.clock.now() });
  if (!row) return { session: null, answer: () => Promise.reject(new Error('no session')) };
  const { counters, not_due, ...sessionRow } = row;
  return {
    session: sessionOf(sessionRow),
    answer: async () => statsOf(counters ?? {}, Number(not_due)),
  };
}

function statsOf(counters: Record<string, number>, notDue: number): TAdminStats {
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
