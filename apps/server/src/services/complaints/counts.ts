import { COMPLAINT_STATUSES, type TComplaintStatus, type TStatusCounts } from '@bit/contract';
import { counterScopeKeysOf } from '../../policy/complaints';
import type { ComplaintRow } from './rows';

/**
 * The counter scopes (see services/counters.ts) a complaint is counted in: those of the scopes
 * that see it (policy/scope.ts), and its type's, for the admin's type filter and overview.
 */
export function counterScopesOf(c: Pick<ComplaintRow, 'type' | 'hostel_no' | 'is_network' | 'student_id'>) {
  return [...counterScopeKeysOf(c), `type:${c.type}`];
}

/** The counter changes of a complaint moving from one status to another (from null: filed). */
export function statusMoves(
  c: Pick<ComplaintRow, 'type' | 'hostel_no' | 'is_network' | 'student_id'>,
  from: TComplaintStatus | null,
  to: TComplaintStatus,
): Record<string, number> {
  const deltas: Record<string, number> = {};
  if (from === to) return deltas;
  for (const s of counterScopesOf(c)) {
    if (from) deltas[`c:${s}:${from}`] = -1;
    deltas[`c:${s}:${to}`] = 1;
  }
  return deltas;
}

/** Adds one change's counter moves to a batch's, which is then written once (bumpCounters). */
export function addMoves(into: Record<string, number>, moves: Record<string, number>): void {
  for (const key in moves) into[key] = (into[key] ?? 0) + moves[key]!;
}

const keysOfScope = new Map<string, readonly string[]>();

/**
 * The counter keys of a scope's four statuses (in COMPLAINT_STATUSES order), built once per scope:
 * a key built anew for every lookup is a new string that must be hashed anew, which made the admin
 * stats' 70 lookups cost more than reading the counters. Scopes are a fixed, small set.
 */
export function statusKeys(scope: string): readonly string[] {
  let keys = keysOfScope.get(scope);
  if (!keys) {
    keys = COMPLAINT_STATUSES.map((s) => `c:${scope}:${s}`);
    keysOfScope.set(scope, keys);
  }
  return keys;
}

export function statusCounts(
  counters: Record<string, number>,
  scope: string | null,
  overdue = 0,
): TStatusCounts {
  if (!scope) return { total: 0, pending: 0, inProgress: 0, resolved: 0, rejected: 0, overdue: 0 };
  const [kPending, kInProgress, kResolved, kRejected] = statusKeys(scope) as [string, string, string, string];
  const pending = counters[kPending] ?? 0;
  const inProgress = counters[kInProgress] ?? 0;
  const resolved = counters[kResolved] ?? 0;
  const rejected = counters[kRejected] ?? 0;
  return {
    total: pending + inProgress + resolved + rejected,
    pending,
    inProgress,
    resolved,
    rejected,
    overdue,
  };
}
