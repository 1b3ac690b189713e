import { isNetworkProblem, type TComplaintType, type TDesignation } from '@bit/contract';
import type {
  Expression,
  ExpressionBuilder,
  RawBuilder,
  Selectable,
  SelectQueryBuilder,
  SqlBool,
} from 'kysely';
import { sql } from 'kysely';
import type { ComplaintsTable, DB } from '../db/schema';
import type { UserRow } from '../services/users';

/**
 * Which complaints a user may see. The one place the visibility rules live: every list, the
 * lookup by token, the status update, the counts and who is mailed about a complaint all derive
 * from SCOPE_KINDS below, so a rule cannot be enforced in one path and forgotten in another.
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

type AnyRule =
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
const ruleOf = (kind: ScopeKind) => SCOPE_KINDS[kind] as AnyRule;
// a Map, so that a designation such as "constructor" is not found on Object.prototype
const designationKinds = new Map(Object.entries(DESIGNATION_SCOPES) as [TDesignation, ScopeKind][]);
const designationsOf = (kind: ScopeKind) =>
  [...designationKinds].filter(([, k]) => k === kind).map(([designation]) => designation);

const NONE: Scope = { kind: 'none' };
const ALL: Scope = { kind: 'all' };

type ScopeUser = Pick<UserRow, 'id' | 'role' | 'designation' | 'hostel_no' | 'approved'>;

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
      if (user.approved !== 1) return NONE;
      const kind =
        user.designation === null ? undefined : designationKinds.get(user.designation as TDesignation);
      return kind ? userScope(kind, user) : NONE;
    }
    default:
      return NONE;
  }
}

/** A kind of scope as SQL on a user's row (`user`: the alias of a row with users' columns). */
export interface KindSql {
  kind: ScopeKind;
  /** the kind's column, or null when the kind sees every complaint */
  column: ScopeColumn | null;
  /** what the column holds for the complaints the user sees */
  value: RawBuilder<number> | null;
  /** the kind's counter scope (counterScopeKey) for the user */
  counterKey: RawBuilder<string>;
}

function kindSql(kind: ScopeKind, user: string): KindSql {
  const rule = ruleOf(kind);
  const counterKey = sql<string>`${sql.lit(kind)}`;
  if (!rule.column) return { kind, column: null, value: null, counterKey };
  if ('flag' in rule) return { kind, column: rule.column, value: sql<number>`1`, counterKey };
  const value = sql.ref<number>(`${user}.${rule.userColumn}`) as unknown as RawBuilder<number>;
  return { kind, column: rule.column, value, counterKey: sql<string>`${sql.lit(`${kind}:`)} || ${value}` };
}

function seesSql({ column, value }: KindSql): RawBuilder<SqlBool> {
  if (!column || !value) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.ref(`complaints.${column}`)} = ${value}`;
}

/**
 * The kinds of scope an authority may get, each with the condition on the user's row under which
 * complaintScope gives it that kind: an approved authority of one of its designations, with the
 * kind's value (userScope: a warden without a hostel sees nothing).
 */
export function authorityKindsSql(user: string): (KindSql & { holds: RawBuilder<SqlBool> })[] {
  const u = (column: string) => sql.ref(`${user}.${column}`);
  return [...new Set(designationKinds.values())].map((kind) => {
    const k = kindSql(kind, user);
    const designations = designationsOf(kind).map((d) => sql.lit(d));
    const hasValue = k.value && 'param' in ruleOf(kind) ? sql`and ${k.value} <> 0` : sql``;
    return {
      ...k,
      holds: sql<SqlBool>`(${u('role')} = 'authority' and ${u('approved')} = 1 and ${u('designation')} in (${sql.join(designations)}) ${hasValue})`,
    };
  });
}

/**
 * complaintScope's rules as one SQL condition on `complaints` and the columns of a user read in
 * the same statement (`user`: its alias). PostgreSQL's reads that check the session in their own
 * statement use it (decision 0019); scope-sql.test pins it to complaintScope on both dialects.
 */
export function userSeesSql(user: string): RawBuilder<SqlBool> {
  const role = sql.ref(`${user}.role`);
  const authority = authorityKindsSql(user).map((k) => sql<SqlBool>`(${k.holds} and ${seesSql(k)})`);
  return sql<SqlBool>`(
    (${role} = 'student' and ${seesSql(kindSql('student', user))})
    or (${role} = 'admin' and ${seesSql(kindSql('all', user))})
    or ${sql.join(authority, sql` or `)})`;
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

/**
 * A scope of `kind` on a query of complaints, with its value as a number or as a prepared
 * statement's placeholder (the kind is then the statement's shape). No condition at all for
 * "all", so the planner is free to walk the primary key.
 */
export function whereScope<O>(
  query: SelectQueryBuilder<DB, 'complaints', O>,
  kind: ScopeKind,
  value: number | Expression<number>,
): SelectQueryBuilder<DB, 'complaints', O> {
  const { column } = ruleOf(kind);
  return column ? query.where(`complaints.${column}`, '=', value) : query;
}

export function applyScope<O>(
  query: SelectQueryBuilder<DB, 'complaints', O>,
  scope: Scope,
): SelectQueryBuilder<DB, 'complaints', O> {
  if (scope.kind === 'none') return query.where(sql<SqlBool>`1 = 0`);
  return whereScope(query, scope.kind, scopeValue(scope));
}

/** The scope as a condition on `complaints`, for a query that is not a select of complaints. */
export function scopeFilter(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'complaints'>): Expression<SqlBool> => {
    if (scope.kind === 'none') return sql<SqlBool>`1 = 0`;
    const condition = scopeCondition(scope);
    return condition ? eb(`complaints.${condition.column}`, '=', condition.value) : sql<SqlBool>`1 = 1`;
  };
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

/** Only an approved authority updates complaints; which ones is still limited by its scope. */
export function canUpdate(user: ScopeUser): boolean {
  return user.role === 'authority' && user.approved === 1 && complaintScope(user).kind !== 'none';
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
 * The authorities whose scope holds a complaint, as a condition on `users` (the caller requires
 * the role, approval and verification it needs): scopesSeeing turned round through the designations.
 */
export function authoritiesSeeing(c: Pick<ComplaintRow, ScopeColumn>) {
  return (eb: ExpressionBuilder<DB, 'users'>): Expression<SqlBool> =>
    eb.or(
      scopesSeeing(c).flatMap((scope) => {
        const designations = designationsOf(scope.kind);
        if (designations.length === 0) return [];
        const rule = ruleOf(scope.kind);
        const byDesignation = eb('designation', 'in', designations);
        return [
          rule.column && 'param' in rule
            ? eb.and([byDesignation, eb(rule.userColumn, '=', scopeValue(scope))])
            : byDesignation,
        ];
      }),
    );
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

/** An incident scope as a condition on `incidents` (false for none and for a student). */
export function incidentScopeFilter(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'incidents'>): Expression<SqlBool> => {
    if (scope.kind === 'none' || scope.kind === 'student') return sql<SqlBool>`1 = 0`;
    const condition = scopeCondition(scope);
    if (!condition || condition.column === 'student_id') return sql<SqlBool>`1 = 1`;
    return eb(`incidents.${condition.column}`, '=', condition.value);
  };
}
