import { isNetworkProblem, type TComplaintType } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { ComplaintsTable } from '../db/schema';

/**
 * The kinds of scope, each stated once in SCOPE_KINDS, and what they say of a complaint's row: the
 * value its column holds, whether a scope sees it, every scope that sees it, its flags at filing.
 * Whose scope is which is complaints.ts's (complaintScope); who may act as staff is staff.ts's;
 * the same rules as SQL are scope-sql.ts's.
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
 * `counted`: counters (services/complaints/counters.ts) keep the kind's totals per status under
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

const KIND_LIST = Object.keys(SCOPE_KINDS) as ScopeKind[];
export const ruleOf = (kind: ScopeKind): AnyRule => SCOPE_KINDS[kind] as AnyRule;

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
