import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { UserRow } from '../services/users';

/**
 * Which complaints a user may see. The one place the visibility rules live: every list, the
 * lookup by token, the status update and the counts all go through it, so a rule cannot be
 * enforced in one path and forgotten in another.
 */
export type Scope =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'hostel'; hostelNo: number }
  | { kind: 'network' }
  | { kind: 'student'; studentId: number };

const NONE: Scope = { kind: 'none' };

type ScopeUser = Pick<UserRow, 'id' | 'role' | 'designation' | 'hostel_no' | 'approved'>;

export function complaintScope(user: ScopeUser): Scope {
  switch (user.role) {
    case 'student':
      return { kind: 'student', studentId: Number(user.id) };
    case 'admin':
      return { kind: 'all' };
    case 'authority': {
      // an authority awaiting approval must not learn anything about complaints yet
      if (user.approved !== 1) return NONE;
      switch (user.designation) {
        case 'Hostel Clerk':
        case 'Warden':
          return user.hostel_no ? { kind: 'hostel', hostelNo: Number(user.hostel_no) } : NONE;
        case 'Network Department':
          return { kind: 'network' };
        case 'Other':
          return { kind: 'all' };
        default:
          return NONE;
      }
    }
    default:
      return NONE;
  }
}

/**
 * The scope as a condition on `complaints`. Each arm filters on the leading column of one of the
 * migration-002 indexes, so a scoped page stays an index range walk.
 */
export function scopeFilter(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'complaints'>): Expression<SqlBool> => {
    switch (scope.kind) {
      case 'all':
        return sql<SqlBool>`1 = 1`;
      case 'hostel':
        // college complaints carry hostel_no null, so this is "Hostel complaints of hostel n"
        return eb('complaints.hostel_no', '=', scope.hostelNo);
      case 'network':
        return eb('complaints.is_network', '=', 1);
      case 'student':
        return eb('complaints.student_id', '=', scope.studentId);
      default:
        return sql<SqlBool>`1 = 0`;
    }
  };
}

/**
 * The same rule as scopeFilter as one `column = value` condition (null for "all"), for the
 * prepared list queries, whose shape must not depend on a builder callback.
 */
export function scopeCondition(
  scope: Exclude<Scope, { kind: 'none' }>,
): { column: 'hostel_no' | 'is_network' | 'student_id'; value: number } | null {
  switch (scope.kind) {
    case 'hostel':
      return { column: 'hostel_no', value: scope.hostelNo };
    case 'network':
      return { column: 'is_network', value: 1 };
    case 'student':
      return { column: 'student_id', value: scope.studentId };
    default:
      return null;
  }
}

export function applyScope<O>(
  query: SelectQueryBuilder<DB, 'complaints', O>,
  scope: Scope,
): SelectQueryBuilder<DB, 'complaints', O> {
  // no condition at all for "all", so the planner is free to walk the primary key
  if (scope.kind === 'all') return query;
  return query.where(scopeFilter(scope));
}

/** Only an approved authority updates complaints; which ones is still limited by its scope. */
export function canUpdate(user: ScopeUser): boolean {
  return user.role === 'authority' && user.approved === 1 && complaintScope(user).kind !== 'none';
}

/**
 * The counter scope (see services/counters.ts) whose `c:<key>:<status>` values count exactly
 * this scope, or null when there is none (a student's own list is counted directly).
 */
export function counterScopeKey(scope: Scope): string | null {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'hostel':
      return `hostel:${scope.hostelNo}`;
    case 'network':
      return 'network';
    default:
      return null;
  }
}
