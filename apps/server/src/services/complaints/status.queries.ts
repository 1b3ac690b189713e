import type { TComplaintStatus } from '@bit/contract';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import type { ScopeKind } from '../../policy/scope';
import { reachOfKind } from '../../policy/scope-sql';
import { OPEN_SQL } from './due';

// A status change's statements (status.ts, changeStatus): the row an update reads, and the update itself.

/** A scope's kind is the shape, its value (scopeValue) the argument `scope`. */
interface InScope {
  scope: number;
}

// two concurrent updates must not both move the counters away from the same old status, so
// PostgreSQL locks the row (SQLite's transactions take turns anyway)
// `assignee`: the updater's id, whose assigned complaints they update whatever their scope (CONTRACT 7.5)
export const complaintToUpdate = preparedQuery(
  (
    db,
    p: Placeholders<InScope & { id: number; assignee: number }>,
    shape: { kind: ScopeKind; lock: boolean },
  ) => {
    const query = db
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', p.id)
      .where(reachOfKind(shape.kind, p.scope, p.assignee));
    return shape.lock ? query.forUpdate() : query;
  },
);

/** One change's values, the same for every complaint it is made to. */
export interface ChangeColumns {
  status: TComplaintStatus;
  /** null keeps the complaint's last remark */
  remarks: string | null;
  byId: number;
  byName: string;
  byDesignation: string | null;
  now: number;
}

/** Each complaint's own values of a change. */
export interface OwnColumns {
  id: number;
  /** hourBucket(now - filed): the first response's, kept if there is one already */
  responseBucket: number;
  /** the resolution's bucket while Resolved, else null */
  resolutionBucket: number | null;
  /** the resolution's moment while Resolved, else null */
  resolvedAt: number | null;
  /** a reopening's new due time */
  dueAt: number;
}

export type StatusShape = {
  /** the new status closes the complaint, so its closing time is set too */
  closes: boolean;
  /** by an authority: assigned to them, and their first response if it is the first */
  byAuthority: boolean;
  /** the student's reopening: counted, and due again */
  reopens: boolean;
};

/** The values of a status change as the statement reads them: its arguments, or the list's columns. */
type StatusValues = {
  readonly [K in keyof (ChangeColumns & OwnColumns)]: Expression<(ChangeColumns & OwnColumns)[K]>;
};

/** What a status change sets. */
function statusSet(eb: ExpressionBuilder<DB, 'complaints'>, p: Omit<StatusValues, 'id'>, shape: StatusShape) {
  return {
    status: p.status,
    // the complaint shows its latest remark: a change that brings none keeps it (the history has each)
    remarks: eb.fn.coalesce(p.remarks, 'complaints.remarks'),
    updated_at: p.now,
    res_bucket: p.resolutionBucket,
    resolved_at: p.resolvedAt,
    ...(shape.byAuthority
      ? {
          assigned_to_id: p.byId,
          assigned_name: p.byName,
          assigned_designation: p.byDesignation,
          first_response_at: eb.fn.coalesce('complaints.first_response_at', p.now),
          fr_bucket: eb.fn.coalesce('complaints.fr_bucket', p.responseBucket),
        }
      : {}),
    ...(shape.closes ? { closed_at: p.now } : {}),
    ...(shape.reopens ? { reopen_count: eb('complaints.reopen_count', '+', 1), due_at: p.dueAt } : {}),
  };
}

/** The arguments of setStatusOf: the change's values, and each complaint's own as lists. */
type StatusArgs = ChangeColumns & {
  ids: number[];
  fr: number[];
  res: (number | null)[];
  resolved: (number | null)[];
  due: number[];
};

/**
 * One change made to complaints (one, or an incident's many) in one statement: the change's values
 * as arguments, each complaint's own (its report buckets, its due time) from a list of rows joined on
 * id. One statement per shape and number of complaints; on PostgreSQL an incident's 500 complaints
 * were 500 round trips of about 2 ms each, one at a time.
 */
const setStatusOfList = preparedQuery(
  (db, p: Placeholders<StatusArgs>, shape: StatusShape & { dialect: Dialect }) => {
    // a list of rows with named columns that both dialects read alike: VALUES names its columns
    // column1, column2… in both; the casts give PostgreSQL the arguments' types
    const list = sql.join(
      p.ids.map(
        (id, i) =>
          sql`(cast(${id} as bigint), cast(${p.fr[i]} as integer), cast(${p.res[i]} as integer), cast(${p.resolved[i]} as bigint), cast(${p.due[i]} as bigint))`,
      ),
    );
    const changed = sql<{
      id: number;
      fr: number;
      res: number | null;
      resolved: number | null;
      due: number;
    }>`(
      select column1 as id, column2 as fr, column3 as res, column4 as resolved, column5 as due
      from (values ${list}) as l)`.as('v');
    const query = db
      .updateTable('complaints')
      .from(changed)
      .set((eb) =>
        statusSet(
          eb as unknown as ExpressionBuilder<DB, 'complaints'>,
          {
            status: p.status,
            remarks: p.remarks,
            byId: p.byId,
            byName: p.byName,
            byDesignation: p.byDesignation,
            now: p.now,
            responseBucket: eb.ref('v.fr'),
            resolutionBucket: eb.ref('v.res'),
            resolvedAt: eb.ref('v.resolved'),
            dueAt: eb.ref('v.due'),
          },
          shape,
        ),
      )
      .whereRef('complaints.id', '=', 'v.id');
    // the complaints as they now stand: PostgreSQL's `*` would add the list's columns, and SQLite
    // refuses `complaints.*` (its RETURNING names the updated table's columns alone)
    const complaints = query.returningAll('complaints');
    return shape.dialect === 'postgres' ? complaints : (query.returningAll() as unknown as typeof complaints);
  },
);

/** Complaints a setStatusOf statement changes at most: 5 arguments each. */
const STATUS_ROWS_MAX = 500;

/** The complaints as changed, in one statement per 500 (setStatusOfList). */
export async function setStatusOf(
  db: Parameters<typeof setStatusOfList>[0],
  shape: StatusShape & { dialect: Dialect },
  change: ChangeColumns,
  own: readonly OwnColumns[],
) {
  const rows = [];
  for (let i = 0; i < own.length; i += STATUS_ROWS_MAX) {
    const part = own.slice(i, i + STATUS_ROWS_MAX);
    rows.push(
      ...(await setStatusOfList(db, shape, {
        ...change,
        ids: part.map((r) => r.id),
        fr: part.map((r) => r.responseBucket),
        res: part.map((r) => r.resolutionBucket),
        resolved: part.map((r) => r.resolvedAt),
        due: part.map((r) => r.dueAt),
      })),
    );
  }
  return rows;
}

/**
 * An incident's own row takes its update's change (CONTRACT 6.1): its status, its remark as a
 * complaint keeps it (a change that brings none keeps the last), its updater and time.
 */
export const setIncidentStatus = preparedQuery(
  (db, p: Placeholders<ChangeColumns & { incidentId: number }>) =>
    db
      .updateTable('incidents')
      .set((eb) => ({
        status: p.status,
        remarks: eb.fn.coalesce(p.remarks, 'incidents.remarks'),
        updated_by_id: p.byId,
        updated_by_name: p.byName,
        updated_by_designation: p.byDesignation,
        updated_at: p.now,
      }))
      .where('id', '=', p.incidentId)
      .returningAll(),
);

/** An incident's open complaints, to be changed with it: locked on PostgreSQL, as a single update's row. */
export const openComplaintsOf = preparedQuery(
  (db, p: Placeholders<{ incidentId: number }>, shape: { lock: boolean }) => {
    const query = db
      .selectFrom('complaints')
      .selectAll()
      .where('incident_id', '=', p.incidentId)
      .where(OPEN_SQL)
      .orderBy('id');
    return shape.lock ? query.forUpdate() : query;
  },
);
