import type { TComplaintType } from '@bit/contract';
import { type QueryCreator, sql } from 'kysely';
import { type Placeholder, type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';

// A filing's statements (file-one.ts): the quota-checked insert, and PostgreSQL's filing as one statement.

/**
 * The student's filing that has `newer` filings after it: the quota's edge, a walk of `newer` + 1
 * entries of complaints_student_idx (student_id, id). Ids follow the clock (up to the moment a
 * filing waits for its commit), so the n-th newest by id is the n-th newest by time.
 */
interface QuotaEdge {
  studentId: number;
  newer: number;
}

const quotaEdge = (db: QueryCreator<DB>, p: Placeholders<QuotaEdge>) =>
  db
    .selectFrom('complaints')
    .select('created_at')
    .where('student_id', '=', p.studentId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(p.newer);

export const quotaEdgeFiling = preparedQuery((db, p: Placeholders<QuotaEdge>) => quotaEdge(db, p));

export interface NewComplaint extends QuotaEdge {
  token: string;
  type: TComplaintType;
  hostelNo: number | null;
  roomNo: string | null;
  subType: string;
  isNetwork: number;
  description: string;
  studentName: string;
  studentRoll: string | null;
  now: number;
  dueAt: number;
  filedMonth: number;
  filedDay: number;
  /** the quota has room while its edge was filed at or before this time (or there is none) */
  windowStart: number;
  /** "me too" (CONTRACT 6.1): the incident it is filed into, linked from its insert; else null */
  incidentId: number | null;
  incidentTitle: string | null;
}

// The complaint is inserted only while the student's quota has room (INSERT ... SELECT ... WHERE),
// so the check costs no statement of its own: a separate count cost a round trip per filing on
// PostgreSQL. No row back means the quota is used up.
const insertComplaintQuery = (db: QueryCreator<DB>, p: Placeholders<NewComplaint>) => {
  const row = {
    token: p.token,
    type: p.type,
    hostel_no: p.hostelNo,
    room_no: p.roomNo,
    sub_type: p.subType,
    is_network: p.isNetwork,
    description: p.description,
    status: sql.val('Pending'),
    remarks: sql.val(null),
    assigned_to_id: sql.val(null),
    assigned_name: sql.val(null),
    assigned_designation: sql.val(null),
    student_id: p.studentId,
    student_name: p.studentName,
    student_roll: p.studentRoll,
    created_at: p.now,
    updated_at: p.now,
    due_at: p.dueAt,
    filed_month: p.filedMonth,
    filed_day: p.filedDay,
    incident_id: p.incidentId,
    incident_title: p.incidentTitle,
  };
  const columns = Object.keys(row) as (keyof typeof row)[];
  return db
    .insertInto('complaints')
    .columns(columns)
    .expression(
      db
        .selectNoFrom(columns.map((c) => (row[c] as Placeholder<unknown>).as(c)))
        // created_at is epoch milliseconds, so 0 stands for "no 20th filing"
        .where((eb) => eb(eb.fn.coalesce(quotaEdge(db, p), eb.lit(0)), '<=', p.windowStart)),
    )
    .returningAll();
};

export const insertComplaint = preparedQuery((db, p: Placeholders<NewComplaint>) =>
  insertComplaintQuery(db, p),
);

/** A filing with its mails (notify's plan's: delivery/notify.ts, planDelivery). */
export interface Filing extends NewComplaint {
  /** the complaint's search document (db/search-index.ts), written with it */
  searchDoc: string;
  /** its history line's remarks: null, or who filed it at the desk (CONTRACT 7.5) */
  historyRemarks: string | null;
  mailTo: string[];
  mailSubject: string[];
  mailText: string[];
  mailHtml: string[];
}

/**
 * PostgreSQL: a filing as one statement (the quota-checked insert, its history row and its mails,
 * written only if the complaint was), where the same as separate statements was four to six
 * loopback round trips to a server on the same two cores. One statement per number of mails.
 */
export const insertFiling = preparedQuery((db, p: Placeholders<Filing>) => {
  const unionAll = <Q extends { unionAll(other: Q): Q }>(parts: Q[]) =>
    parts.slice(1).reduce((all, one) => all.unionAll(one), parts[0]!);
  const filing = db
    .with('filed', (qc) => insertComplaintQuery(qc, p))
    .with('history', (qc) =>
      qc
        .insertInto('complaint_history')
        .columns(['complaint_id', 'status', 'by_id', 'by_name', 'remarks', 'at'])
        .expression(
          qc
            .selectFrom('filed')
            .select([
              'id',
              'status',
              'student_id',
              'student_name',
              p.historyRemarks.as('remarks'),
              'created_at',
            ]),
        ),
    )
    // its search document (decision 0025), in the same statement
    .with('indexed', (qc) =>
      qc
        .insertInto('complaint_search')
        .columns(['complaint_id', 'doc'])
        .expression(
          qc
            .selectFrom('filed')
            .select([
              'id',
              sql<string>`array_to_tsvector(string_to_array(${p.searchDoc}::text, ' '))`.as('doc'),
            ]),
        ),
    );
  if (p.mailTo.length === 0) return filing.selectFrom('filed').selectAll();
  return filing
    .with('mailed', (qc) =>
      qc
        .insertInto('mail_outbox')
        .columns([
          'to_addr',
          'subject',
          'text_body',
          'html_body',
          'created_at',
          'attempts',
          'next_attempt_at',
        ])
        .expression(
          unionAll(
            p.mailTo.map((to, i) =>
              qc
                .selectFrom('filed')
                .select([
                  to.as('to_addr'),
                  p.mailSubject[i]!.as('subject'),
                  p.mailText[i]!.as('text_body'),
                  p.mailHtml[i]!.as('html_body'),
                  'created_at',
                  sql.lit(0).as('attempts'),
                  'created_at as next_attempt_at',
                ]),
            ),
          ),
        ),
    )
    .selectFrom('filed')
    .selectAll();
});
