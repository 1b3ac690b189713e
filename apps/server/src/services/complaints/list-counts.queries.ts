import { sql } from 'kysely';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import { notYetDueQuery, type PageArgs, type PageShape } from './queries';

// A list's counts with the counters, in one statement (list-counts.ts).

type CountFilter = Pick<PageShape, 'by' | 'status'>;

/** Where scopeCounts answers the not-yet-due counts, beside the counters' own keys. */
export const NOT_DUE_KEY = ':not-due';
export const NOT_DUE_IN_STATUS_KEY = ':not-due-in-status';
/** Where scopeCounts answers the caller's "Assigned to me" (CONTRACT 7.5), beside the counters' keys. */
export const ASSIGNED_KEY = ':assigned';

/**
 * A list's counts in one statement: the counters of `keys` (a scope's four statuses), and, as rows
 * of their own keys beside them, the open complaints of the filter not due yet (`notDue`) and of
 * those in the list's status (`inStatus`). A list read them as two or three statements.
 */
export const scopeCounts = preparedQuery(
  (
    db,
    p: Placeholders<
      { keys: readonly string[]; assignee: number } & Pick<PageArgs, 'value' | 'status' | 'now'>
    >,
    shape: { by: CountFilter['by']; notDue: boolean; inStatus: boolean; assigned?: boolean },
  ) => {
    const notDue = (status: boolean, key: string) =>
      db
        .selectFrom(notYetDueQuery(db, p, { by: shape.by, status }).as('d'))
        .select([sql.lit(key).$castTo<string>().as('key'), 'd.n as value']);
    let query = db.selectFrom('counters').select(['key', 'value']).where('key', 'in', p.keys);
    if (shape.notDue) query = query.unionAll(notDue(false, NOT_DUE_KEY));
    if (shape.inStatus) query = query.unionAll(notDue(true, NOT_DUE_IN_STATUS_KEY));
    // the complaints assigned to the caller: an index-only range of complaints_assignee_idx
    if (shape.assigned)
      query = query.unionAll(
        db
          .selectFrom(
            db
              .selectFrom('complaints')
              .where('assignee_id', '=', p.assignee)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .as('a'),
          )
          .select([sql.lit(ASSIGNED_KEY).$castTo<string>().as('key'), 'a.n as value']),
      );
    return query;
  },
);
