import type { TDesignation } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { ComplaintsTable, UsersTable } from '../db/schema';
import {
  ruleOf,
  type Scope,
  type ScopeColumn,
  type ScopeKind,
  scopeSees,
  scopesSeeing,
  scopeValue,
} from './scope';

/**
 * Which complaints a user sees (complaintScope: their scope, of one of scope.ts's SCOPE_KINDS),
 * whether they are told a complaint's rating, the counters that count a scope, and which incidents
 * a scope sees. Every list, the lookup by token, the status update, the counts and who is mailed
 * about a complaint derive from complaintScope and SCOPE_KINDS, so a rule cannot be enforced in one
 * path and forgotten in another. Who may act as staff is staff.ts's; the SQL forms are scope-sql.ts's.
 */

type ComplaintRow = Selectable<ComplaintsTable>;

/** What the policy reads of a user (a services/accounts UserRow, or any row with these columns). */
export type ScopeUser = Pick<
  Selectable<UsersTable>,
  'id' | 'role' | 'designation' | 'hostel_no' | 'approved'
>;

/**
 * An authority no admin has approved yet (or whose approval was withdrawn, CONTRACT 5.9): the
 * policy's own test, read by complaintScope and staff.ts; services ask staffRefusal.
 */
export const awaitingApproval = (user: Pick<ScopeUser, 'role' | 'approved'>) =>
  user.role === 'authority' && user.approved !== 1;

/** The scope an approved authority of each designation gets. */
const DESIGNATION_SCOPES: { readonly [D in TDesignation]: Exclude<ScopeKind, 'student'> } = {
  'Hostel Clerk': 'hostel',
  Warden: 'hostel',
  'Network Department': 'network',
  Other: 'all',
};

// a Map, so that a designation such as "constructor" is not found on Object.prototype
const designationKinds = new Map(Object.entries(DESIGNATION_SCOPES) as [TDesignation, ScopeKind][]);
/** The kinds of scope some designation gives an authority. */
export const AUTHORITY_KINDS: readonly ScopeKind[] = [...new Set(designationKinds.values())];
export const designationsOf = (kind: ScopeKind) =>
  [...designationKinds].filter(([, k]) => k === kind).map(([designation]) => designation);

const NONE: Scope = { kind: 'none' };
const ALL: Scope = { kind: 'all' };

/** A user's scope of one kind, or none when the user lacks what the kind needs (a hostel). */
function userScope(kind: ScopeKind, user: ScopeUser): Scope {
  const rule = ruleOf(kind);
  if (!rule.column || 'flag' in rule) return { kind } as Scope;
  const value = user[rule.userColumn];
  return value ? ({ kind, [rule.param]: Number(value) } as Scope) : NONE;
}

export function complaintScope(user: ScopeUser): Scope {
  switch (user.role) {
    case 'student':
      return userScope('student', user);
    case 'admin':
      return ALL;
    case 'authority': {
      // an authority awaiting approval must not learn anything about complaints yet
      if (awaitingApproval(user)) return NONE;
      const kind =
        user.designation === null ? undefined : designationKinds.get(user.designation as TDesignation);
      return kind ? userScope(kind, user) : NONE;
    }
    default:
      return NONE;
  }
}

/**
 * Whether a user who sees a complaint is also told its rating: the rating is the student's word on
 * the resolution, for the student who gave it (a student's scope is their own complaints) and for
 * admins; never for an authority, whose work it judges.
 */
export function toldRating(user: Pick<ScopeUser, 'role'>): boolean {
  return user.role === 'student' || user.role === 'admin';
}

/**
 * The counter scope (see services/complaints/counters.ts) whose `c:<key>:<status>` values count
 * exactly this scope, or null when there is none (a student's own list is counted directly).
 */
export function counterScopeKey(scope: Scope): string | null {
  if (scope.kind === 'none' || !ruleOf(scope.kind).counted) return null;
  const rule = ruleOf(scope.kind);
  return rule.column && 'param' in rule ? `${scope.kind}:${scopeValue(scope)}` : scope.kind;
}

/** The counter scopes a complaint is counted in: those of the counted scopes that see it. */
export function counterScopeKeysOf(c: Pick<ComplaintRow, ScopeColumn>): string[] {
  const keys: string[] = [];
  for (const scope of scopesSeeing(c)) {
    const key = counterScopeKey(scope);
    if (key) keys.push(key);
  }
  return keys;
}

/**
 * An incident carries a complaint's scope columns (migration 017), so the same SCOPE_KINDS decide
 * who sees it: an authority or admin whose scope would see a complaint of its type, hostel and
 * category. A student's scope holds no incident (students see only the open ones' public facts,
 * CONTRACT 6.1, through `openIncidentsFor`, not through a scope).
 */
export type IncidentScopeRow = Pick<ComplaintRow, 'hostel_no' | 'is_network'>;

export function scopeSeesIncident(scope: Scope, incident: IncidentScopeRow): boolean {
  if (scope.kind === 'none' || scope.kind === 'student') return false;
  return scopeSees(scope, { ...incident, student_id: 0 });
}
