import { COMPLAINT_STATUSES } from '@bit/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import { jsonOf } from '../../db/json-rows';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { userSeesSql } from '../../policy/scope-sql';
import { liveSession } from '../accounts/sessions.queries';
import { notYetDueQuery, type PageArgs, type PageShape, pageIdsQuery } from './queries';
import { SHOWN } from './rows';

/**
 * Reads that carry their own session check (decision 0019): the session of `tokenHash` (CTE `s`, no
 * row when it is not live) and the request's data in one statement. The token lookup's is built for
 * either dialect (on SQLite too it was the faster, as measured in the decision); the admin's list
 * and the photo are PostgreSQL's form only, SQLite answering them with the services' statements.
 */
interface WithSession {
  tokenHash: string;
  now: number;
}

/**
 * The session, and the complaint of `token` if its user may see it, with all its page shows, in
 * one statement on either dialect. The complaint and its lists come as JSON: PostgreSQL's driver
 * parses them, SQLite's hands them over as text (parsedJson).
 */
export const complaintPageWithSession = preparedQuery(
  (db, p: Placeholders<WithSession & { token: string }>, dialect: Dialect) => {
    const json = jsonOf(dialect);
    return db
      .with('s', (qc) => liveSession(qc, p.tokenHash, p.now))
      .with('c', (qc) =>
        qc
          .selectFrom('complaints')
          .select(SHOWN.complaint.map((column) => `complaints.${column}` as const))
          .where('complaints.token', '=', p.token)
          // as a semi-join: SQLite ran a join with the one-row `s` four times slower
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('s').select(sql.lit(1).as('one')).where(userSeesSql('s'))),
          ),
      )
      .selectFrom('s')
      .selectAll('s')
      .select((eb) => {
        const id = eb.selectFrom('c').select('c.id');
        return [
          json.jsonObjectFrom(eb.selectFrom('c').select(SHOWN.complaint)).as('complaint'),
          json
            .jsonArrayFrom(
              eb
                .selectFrom('complaint_history')
                .select(SHOWN.history)
                .where('complaint_id', '=', id)
                .orderBy('id'),
            )
            .as('history'),
          eb.selectFrom('feedback').select('rating').where('complaint_id', '=', id).limit(1).as('rating'),
          json
            .jsonArrayFrom(
              eb
                .selectFrom('complaint_messages')
                .select(SHOWN.message)
                .where('complaint_id', '=', id)
                .orderBy('id'),
            )
            .as('messages'),
          json
            .jsonArrayFrom(
              eb
                .selectFrom('complaint_attachments')
                .select(SHOWN.attachment)
                .where('complaint_id', '=', id)
                .orderBy('id'),
            )
            .as('attachments'),
        ];
      });
  },
);

const STATUS_LITERALS = COMPLAINT_STATUSES.map((s) => sql.lit(`:${s}`));

/** json_object_agg of the counters of a scope's four statuses (statusKeys), `key` an SQL text. */
const countersOfScope = (db: Kysely<DB>, key: Expression<string | null>) =>
  db
    .selectFrom('counters')
    .select(sql<Record<string, number> | null>`json_object_agg(key, value)`.as('counters'))
    .where(
      'key',
      'in',
      STATUS_LITERALS.map((status) => sql<string>`'c:' || ${key} || ${status}`),
    );

/**
 * The rows of the page's ids (CTE `ids`), newest first. Each is looked up by its key from the id:
 * as `id in (select ...)` a generic plan, not knowing the page's size, hashed the whole table.
 * OFFSET 0 keeps the lookup a subquery run per id instead of a join the planner may reorder.
 */
const pageRowsOf = (db: Kysely<DB>) =>
  jsonOf('postgres').jsonArrayFrom(
    (db as unknown as Kysely<DB & { ids: { id: number } }>)
      .selectFrom('ids')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('complaints')
            .select(SHOWN.complaint)
            .whereRef('complaints.id', '=', 'ids.id')
            .offset(sql.lit(0))
            .as('c'),
        (join) => join.onTrue(),
      )
      .selectAll('c')
      .orderBy('c.id', 'desc'),
  );

/**
 * The page size, and the offset of a first page, written into the text (a shape each): with LIMIT
 * and OFFSET parameters PostgreSQL priced the generic plan of these statements for a tenth of the
 * table and so planned them anew on every call (1.8 ms for the authority list, more than running it).
 */
const pagedBy = <P extends Placeholders<PageArgs>>(
  p: P,
  shape: { pageSize: number; atStart: boolean },
): P => ({
  ...p,
  limit: sql.lit(shape.pageSize),
  offset: shape.atStart ? sql.lit(0) : p.offset,
});

const gate = (holds: Expression<SqlBool>) => sql<SqlBool>`exists (select 1 from s where ${holds})`;

type ListArgs = WithSession & PageArgs;

/**
 * The admin's list (listAdminComplaints): the filter and its counter scope come from the query
 * string, so only the page waits on the session's role. `notDue`: the overdue count is wanted.
 */
export const adminPageWithSession = preparedQuery(
  (
    db,
    p: Placeholders<ListArgs & { counterScope: string }>,
    shape: PageShape & { notDue: boolean; pageSize: number; atStart: boolean },
  ) => {
    const isAdmin = gate(sql<SqlBool>`s.role = 'admin'`);
    return db
      .with('s', (qc) => liveSession(qc, p.tokenHash, p.now))
      .with('ids', () => pageIdsQuery(db, pagedBy(p, shape), shape).where(isAdmin))
      .selectFrom('s')
      .selectAll('s')
      .select(() => [
        pageRowsOf(db).as('rows'),
        countersOfScope(db, sql<string>`${p.counterScope}`).as('counters'),
        (shape.notDue ? sql<number>`(${notYetDueQuery(db, p, shape).where(isAdmin)})` : sql<number>`0`).as(
          'not_due',
        ),
      ]);
  },
);

/**
 * The session, and a photo's type and bytes (the image or its thumbnail) when its user may see the
 * photo's complaint (readAttachment's two statements): no photo columns for an unknown photo or one
 * out of scope, which the route answers alike, "not found".
 */
export const attachmentWithSession = preparedQuery(
  (db, p: Placeholders<WithSession & { id: number }>, size: 'full' | 'thumb') =>
    db
      .with('s', (qc) => liveSession(qc, p.tokenHash, p.now))
      .selectFrom('s')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('complaint_attachments')
            .innerJoin('attachment_files', 'attachment_files.attachment_id', 'complaint_attachments.id')
            .innerJoin('complaints', 'complaints.id', 'complaint_attachments.complaint_id')
            .select('complaint_attachments.content_type')
            .select(size === 'full' ? 'attachment_files.data as bytes' : 'attachment_files.thumb as bytes')
            .where('complaint_attachments.id', '=', p.id)
            .where(userSeesSql('s'))
            .as('a'),
        (join) => join.onTrue(),
      )
      .selectAll('s')
      .select(['a.content_type', 'a.bytes']),
);
