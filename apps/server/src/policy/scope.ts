import { isNetworkProblem, MSG, MSG_COMPLAINT, type TComplaintType, type TDesignation } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { ComplaintsTable, UsersTable } from '../db/schema';

/**
 * The policy's rules; their SQL forms are in scope-sql.ts. Which complaints a user may see: the one
 * place the visibility rules live. Every list, the lookup by token, the status update, the counts
 * and who is mailed about a complaint all derive from SCOPE_KINDS below, so a rule cannot be
 * enforced in one path and forgotten in another. Who may act as staff is staffRefusal's alone.
 * Its many exports are one policy's parts, kept in one file on purpose: a rule is read beside the
 * rules it must agree with.
 */
export type Scope =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'hostel'; hostelNo: number }
  | { kind: 'network' }
  | { kind: 'student'; studentId: number };

export type VisibleScope = Exclude<Scope, { kind: 'none' }>;
export type ScopeKind = VisibleScope['kind'];

/** The complaints columns a scope is stated on: each leads one of migration 002's indexes. */
export type ScopeColumn = 'hostel_no' | 'is_network' | 'student_id';

type ComplaintRow = Selectable<ComplaintsTable>;

/** What a filing is known by before it has a row. */
export interface Filing {
  type: TComplaintType;
  subType: string;
}

type ParamOf<S> = Exclude<keyof S, 'kind'>;

/**
 * One kind of scope, stated once. A kind sees either every complaint (no `column`) or those whose
 * `column` holds one value, so that a scoped page is a walk of one index. That value is either
 * - the scope's own field `param` (a hostel's number, a student's id), which a user's scope takes
 *   from the user's `userColumn`; or
 * - 1 in a `flag` column, stored when the complaint is filed from what `flag` says of it.
 * `counted`: counters (services/counters.ts) keep the kind's totals per status under
 * `c:<kind>:<status>` or `c:<kind>:<param>:<status>`; an uncounted scope is counted directly.
 */
type KindRule<S> = [ParamOf<S>] extends [never]
  ?
      | { column?: undefined; counted: boolean }
      | { column: ScopeColumn; flag: (c: Filing) => boolean; counted: boolean }
  : { column: ScopeColumn; param: ParamOf<S>; userColumn: 'id' | 'hostel_no'; counted: boolean };

export type AnyRule =
  | { column?: undefined; counted: boolean }
  | { column: ScopeColumn; flag: (c: Filing) => boolean; counted: boolean }
  | { column: ScopeColumn; param: string; userColumn: 'id' | 'hostel_no'; counted: boolean };

export const SCOPE_KINDS: { readonly [K in ScopeKind]: KindRule<Extract<Scope, { kind: K }>> } = {
  all: { counted: true },
  // college complaints carry hostel_no null, so this is "Hostel complaints of hostel n"
  hostel: { column: 'hostel_no', param: 'hostelNo', userColumn: 'hostel_no', counted: true },
  // stored at filing, so network problems of every hostel and the college are one index range;
  // CONTRACT 5.8 added the College's IT Support (migration 007 re-flagged and recounted the
  // complaints filed before)
  network: { column: 'is_network', flag: isNetworkProblem, counted: true },
  student: { column: 'student_id', param: 'studentId', userColumn: 'id', counted: false },
};

/** The scope an approved authority of each designation gets. */
const DESIGNATION_SCOPES: { readonly [D in TDesignation]: Exclude<ScopeKind, 'student'> } = {
  'Hostel Clerk': 'hostel',
  Warden: 'hostel',
  'Network Department': 'network',
  Other: 'all',
};

const KIND_LIST = Object.keys(SCOPE_KINDS) as ScopeKind[];
export const ruleOf = (kind: ScopeKind): AnyRule => SCOPE_KINDS[kind] as AnyRule;
// a Map, so that a designation such as "constructor" is not found on Object.prototype
const designationKinds = new Map(Object.entries(DESIGNATION_SCOPES) as [TDesignation, ScopeKind][]);
/** The kinds of scope some designation gives an authority. */
export const AUTHORITY_KINDS: readonly ScopeKind[] = [...new Set(designationKinds.values())];
export const designationsOf = (kind: ScopeKind) =>
  [...designationKinds].filter(([, k]) => k === kind).map(([designation]) => designation);

const NONE: Scope = { kind: 'none' };
const ALL: Scope = { kind: 'all' };

/** What the policy reads of a user (a services/users UserRow, or any row with these columns). */
type ScopeUser = Pick<Selectable<UsersTable>, 'id' | 'role' | 'designation' | 'hostel_no' | 'approved'>;

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

/** The value a scope's column holds for the complaints it sees; 0 for a kind without a column. */
export function scopeValue(scope: VisibleScope): number {
  const rule = ruleOf(scope.kind);
  if (!rule.column) return 0;
  if ('flag' in rule) return 1;
  return (scope as unknown as Record<string, number>)[rule.param]!;
}

/** The scope as one `column = value` condition (null for "all"), for the prepared list queries. */
export function scopeCondition(scope: VisibleScope): { column: ScopeColumn; value: number } | null {
  const { column } = ruleOf(scope.kind);
  return column ? { column, value: scopeValue(scope) } : null;
}

/** Whether a complaint is in a scope: the same rule as scopeFilter, on a row in hand. */
export function scopeSees(scope: Scope, c: Pick<ComplaintRow, ScopeColumn>): boolean {
  if (scope.kind === 'none') return false;
  const condition = scopeCondition(scope);
  return !condition || (c[condition.column] !== null && Number(c[condition.column]) === condition.value);
}

/** Every scope that sees a complaint: one of each kind at most, since a kind compares one column. */
export function scopesSeeing(c: Pick<ComplaintRow, ScopeColumn>): VisibleScope[] {
  const scopes: VisibleScope[] = [];
  for (const kind of KIND_LIST) {
    const rule = ruleOf(kind);
    const value = rule.column ? c[rule.column] : null;
    if (!rule.column) scopes.push({ kind } as VisibleScope);
    else if ('flag' in rule) {
      if (Number(value) === 1) scopes.push({ kind } as VisibleScope);
    } else if (value !== null) scopes.push({ kind, [rule.param]: Number(value) } as VisibleScope);
  }
  return scopes;
}

/** The flag columns of a new complaint: 1 where a flagged kind of scope is to see it. */
export function scopeFlags(c: Filing): Pick<ComplaintRow, 'is_network'> {
  const flags = { is_network: 0 };
  for (const kind of KIND_LIST) {
    const rule = ruleOf(kind);
    if ('flag' in rule && rule.flag(c)) flags[rule.column as keyof typeof flags] = 1;
  }
  return flags;
}

/** An authority no admin has approved yet (or whose approval was withdrawn, CONTRACT 5.9). */
const awaitingApproval = (user: Pick<ScopeUser, 'role' | 'approved'>) =>
  user.role === 'authority' && user.approved !== 1;

/**
 * What staff do, each with who may (staffRefusal):
 * - `update`: a complaint's or an incident's status: an approved authority with a scope (an admin
 *   changes no status); which complaints is still its scope's;
 * - `oversee`: incidents and their groups: an admin, or an approved authority with a scope;
 * - `act`: notices, and QR stickers (whose places mayMakeStickers decides): an admin, or an
 *   approved authority.
 */
export type StaffAct = 'update' | 'oversee' | 'act';

/**
 * Who may act as staff: the one place "an approved authority" is decided. Null when the user may;
 * else the 403's message: an authority awaiting approval is told so (`notApproved`, the complaint's
 * message unless the act has its own), anyone else gets MSG.forbidden.
 */
export function staffRefusal(
  user: ScopeUser,
  act: StaffAct,
  notApproved: string = MSG_COMPLAINT.notApproved,
): string | null {
  if (awaitingApproval(user)) return notApproved;
  if (user.role === 'admin') return act === 'update' ? MSG.forbidden : null;
  if (user.role !== 'authority') return MSG.forbidden;
  return act === 'act' || complaintScope(user).kind !== 'none' ? null : MSG.forbidden;
}

/** Only an approved authority updates complaints; which ones is still limited by its scope. */
export function canUpdate(user: ScopeUser): boolean {
  return staffRefusal(user, 'update') === null;
}

/**
 * CONTRACT 7.5: who may be a complaint's assignee: an approved authority who may update complaints
 * (staffRefusal's "update"); never a student, an admin, or an authority awaiting approval.
 */
export function mayBeAssignee(user: ScopeUser): boolean {
  return user.role === 'authority' && staffRefusal(user, 'update') === null;
}

/**
 * The id a complaint's `assignee_id` holds for the complaints a user reaches as their assignee
 * (CONTRACT 7.5: whatever their own scope), or null when assignment gives the user nothing: only an
 * approved authority is reached by it, so withdrawing an approval withdraws this too.
 */
export function assigneeKey(user: ScopeUser): number | null {
  return user.role === 'authority' && !awaitingApproval(user) ? Number(user.id) : null;
}

/**
 * THE rule of which complaint a user reaches (the token lookup, updates, messages, photos, reopen,
 * assignment): in their scope, or assigned to them (assigneeKey). Lists and counters stay the
 * scope's; the assignee's own list is `assignee=me` (services/complaints/lists.ts). Its SQL form is
 * scope-sql.ts's reachFilter and userSeesSql.
 */
export function userReaches(user: ScopeUser, c: Pick<ComplaintRow, ScopeColumn | 'assignee_id'>): boolean {
  const key = assigneeKey(user);
  return scopeSees(complaintScope(user), c) || (key !== null && Number(c.assignee_id) === key);
}

/**
 * Who may print QR stickers for a place (CONTRACT 6.4): an admin for any hostel room or college
 * place; an approved authority whose scope is one hostel's (Hostel Clerk, Warden) for that hostel's
 * rooms only. Everyone else, an authority seeing all complaints included, prints none: a sticker
 * on a door is the college speaking, so it comes from the staff of that door.
 */
export function mayMakeStickers(
  user: ScopeUser,
  place: { type: 'Hostel'; hostelNo: number } | { type: 'College' },
): boolean {
  if (user.role === 'admin') return true;
  if (user.role !== 'authority' || place.type !== 'Hostel') return false;
  const scope = complaintScope(user);
  return scope.kind === 'hostel' && scope.hostelNo === place.hostelNo;
}

/**
 * Who works the desk (CONTRACT 7.5): an admin, or an approved Hostel Clerk of a hostel. Only they
 * look up a student by roll number, and only they file for one (mayFileAtDesk).
 */
export function mayWorkTheDesk(user: ScopeUser): boolean {
  if (user.role === 'admin') return true;
  return (
    user.role === 'authority' && user.designation === 'Hostel Clerk' && complaintScope(user).kind === 'hostel'
  );
}

/**
 * What the desk may file (CONTRACT 7.5): an admin any complaint; a Hostel Clerk a Hostel complaint
 * of their own hostel only, the hostel the complaint names (not the student's), the one whose
 * counter they sit at. A Warden does not work the desk: filing is the clerk's work, not the judge's.
 */
export function mayFileAtDesk(
  user: ScopeUser,
  place: { type: 'Hostel'; hostelNo: number } | { type: 'College' },
): boolean {
  if (user.role === 'admin') return true;
  if (!mayWorkTheDesk(user) || place.type !== 'Hostel') return false;
  const scope = complaintScope(user);
  return scope.kind === 'hostel' && scope.hostelNo === place.hostelNo;
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
 * The counter scope (see services/counters.ts) whose `c:<key>:<status>` values count exactly
 * this scope, or null when there is none (a student's own list is counted directly).
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
