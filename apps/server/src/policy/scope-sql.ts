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
import { AUTHORITY_KINDS, complaintScope, designationsOf } from './complaints';
import {
  ruleOf,
  type Scope,
  type ScopeColumn,
  type ScopeKind,
  scopeCondition,
  scopesSeeing,
  scopeValue,
} from './scope';
import { assigneeKey } from './staff';

/**
 * The policy's rules (scope.ts, complaints.ts, staff.ts) as Kysely conditions: a scope on a query of
 * complaints or incidents, complaintScope's rules on a user's row read in the same statement, the
 * authorities a complaint's scope holds. Nothing here decides: each builder states one of those
 * rules in SQL, and the tests
 * (scope-sql.test.ts, scope-derivations.test.ts) pin each to its rule on both dialects.
 */

type ComplaintRow = Selectable<ComplaintsTable>;

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
  return AUTHORITY_KINDS.map((kind) => {
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
    or ${sql.join(authority, sql` or `)}
    or (${role} = 'authority' and ${sql.ref(`${user}.approved`)} = 1
      and complaints.assignee_id = ${sql.ref(`${user}.id`)}))`;
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

/**
 * staff.ts's userReaches as a condition on `complaints`: the user's scope, or assigned to them
 * (CONTRACT 7.5). For reads of one complaint (by id or token), where the OR costs no walk.
 */
export function reachFilter(user: Parameters<typeof complaintScope>[0]) {
  const inScope = scopeFilter(complaintScope(user));
  const key = assigneeKey(user);
  return (eb: ExpressionBuilder<DB, 'complaints'>): Expression<SqlBool> =>
    key === null ? inScope(eb) : eb.or([inScope(eb), eb('complaints.assignee_id', '=', key)]);
}

/**
 * The same rule for a statement whose scope kind is its shape and whose values are arguments
 * (complaintToUpdate): in the kind's scope of `value`, or assigned to `assignee` (0: to no one).
 */
export function reachOfKind(kind: ScopeKind, value: Expression<number>, assignee: Expression<number>) {
  const { column } = ruleOf(kind);
  return (eb: ExpressionBuilder<DB, 'complaints'>): Expression<SqlBool> =>
    column
      ? eb.or([eb(`complaints.${column}`, '=', value), eb('complaints.assignee_id', '=', assignee)])
      : sql<SqlBool>`1 = 1`;
}

/** The scope as a condition on `complaints`, for a query that is not a select of complaints. */
export function scopeFilter(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'complaints'>): Expression<SqlBool> => {
    if (scope.kind === 'none') return sql<SqlBool>`1 = 0`;
    const condition = scopeCondition(scope);
    return condition ? eb(`complaints.${condition.column}`, '=', condition.value) : sql<SqlBool>`1 = 1`;
  };
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

/** An incident scope as a condition on `incidents` (false for none and for a student). */
export function incidentScopeFilter(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'incidents'>): Expression<SqlBool> => {
    if (scope.kind === 'none' || scope.kind === 'student') return sql<SqlBool>`1 = 0`;
    const condition = scopeCondition(scope);
    if (!condition || condition.column === 'student_id') return sql<SqlBool>`1 = 1`;
    return eb(`incidents.${condition.column}`, '=', condition.value);
  };
}
