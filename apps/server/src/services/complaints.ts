import {
  COMPLAINT_STATUSES,
  complaintStatusPath,
  HOSTEL_NUMBERS,
  MSG,
  MSG_COMPLAINT,
  NETWORK_PROBLEMS,
  type TAdminListQuery,
  type TAdminStats,
  type TAuthorityComplaintPage,
  type TComplaint,
  type TComplaintPage,
  type TComplaintStatus,
  type TComplaintType,
  type TComplaintWithHistory,
  type TPageQuery,
  type TStatusCounts,
  type TUpdateComplaintRequest,
  type ZFileComplaintRequest,
} from '@bit/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Ctx } from '../context';
import type { ComplaintHistoryTable, ComplaintsTable, DB } from '../db/schema';
import { newComplaintToken } from '../lib/crypto';
import { forbidden, notFound, tooMany } from '../lib/errors';
import { isoFromMs } from '../lib/iso-time';
import { preparedQuery } from '../lib/prepared';
import { enqueueMail } from '../mail/outbox';
import { statusMail } from '../mail/templates';
import {
  applyScope,
  canUpdate,
  complaintScope,
  counterScopeKey,
  type Scope,
  scopeCondition,
} from '../policy/scope';
import { conversationOf, tellAuthoritiesOfFiling } from './conversation';
import { bumpCounters, readAllCounters, readCounters } from './counters';
import { averageFrom } from './feedback';
import type { UserRow } from './users';

export type ComplaintRow = Selectable<ComplaintsTable>;
type HistoryRow = Selectable<ComplaintHistoryTable>;
export type FileComplaintInput = z.output<typeof ZFileComplaintRequest>;

const iso = (ms: number) => isoFromMs(Number(ms));

export function toComplaint(row: ComplaintRow): TComplaint {
  return {
    id: Number(row.id),
    token: row.token,
    type: row.type,
    hostelNo: row.hostel_no === null ? null : Number(row.hostel_no),
    roomNo: row.room_no,
    subType: row.sub_type,
    description: row.description,
    status: row.status,
    remarks: row.remarks,
    assignedTo: row.assigned_name
      ? {
          name: row.assigned_name,
          designation:
            (row.assigned_designation as NonNullable<TComplaint['assignedTo']>['designation']) ?? null,
        }
      : null,
    student: { name: row.student_name, rollNo: row.student_roll },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reopenCount: Number(row.reopen_count ?? 0),
  };
}

function toHistoryEntry(row: HistoryRow): TComplaintWithHistory['history'][number] {
  return {
    status: row.status as TComplaintStatus,
    remarks: row.remarks,
    by: { name: row.by_name, designation: row.by_designation },
    at: iso(row.at),
  };
}

/** The counter scopes a complaint is counted in (see services/counters.ts). */
export function counterScopesOf(c: Pick<ComplaintRow, 'type' | 'hostel_no' | 'is_network'>): string[] {
  const scopes = ['all', `type:${c.type}`];
  if (c.type === 'Hostel' && c.hostel_no !== null) scopes.push(`hostel:${Number(c.hostel_no)}`);
  if (Number(c.is_network) === 1) scopes.push('network');
  return scopes;
}

const keysOfScope = new Map<string, readonly string[]>();

/**
 * The counter keys of a scope's four statuses (in COMPLAINT_STATUSES order), built once per scope:
 * a key built anew for every lookup is a new string that must be hashed anew, which made the admin
 * stats' 70 lookups cost more than reading the counters. Scopes are a fixed, small set.
 */
function statusKeys(scope: string): readonly string[] {
  let keys = keysOfScope.get(scope);
  if (!keys) {
    keys = COMPLAINT_STATUSES.map((s) => `c:${scope}:${s}`);
    keysOfScope.set(scope, keys);
  }
  return keys;
}

const HOSTEL_SCOPES = HOSTEL_NUMBERS.map((n) => `hostel:${n}`);

function statusCounts(counters: Record<string, number>, scope: string | null): TStatusCounts {
  if (!scope) return { total: 0, pending: 0, inProgress: 0, resolved: 0, rejected: 0 };
  const [kPending, kInProgress, kResolved, kRejected] = statusKeys(scope) as [string, string, string, string];
  const pending = counters[kPending] ?? 0;
  const inProgress = counters[kInProgress] ?? 0;
  const resolved = counters[kResolved] ?? 0;
  const rejected = counters[kRejected] ?? 0;
  return { total: pending + inProgress + resolved + rejected, pending, inProgress, resolved, rejected };
}

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

const TOKEN_ATTEMPTS = 5;

/** Statuses that close a complaint: messages, photos and reopening stay open 14 days after them. */
const CLOSED_STATUSES: readonly string[] = ['Resolved', 'Rejected'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** CONTRACT 5.9: complaints one student may file in any 24 hours (MSG.complaintQuota says it). */
export const COMPLAINTS_PER_DAY = 20;

// The student's 20th newest filing, a walk of 20 entries of complaints_student_idx (student_id,
// id): while it is less than a day old, the student filed 20 in the last 24 hours. Ids follow the
// clock (up to the moment a filing waits for its commit), so the 20th by id is the 20th by time.
const quotaEdge = (db: Kysely<DB>, studentId: number) =>
  db
    .selectFrom('complaints')
    .select('created_at')
    .where('student_id', '=', studentId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(COMPLAINTS_PER_DAY - 1);

const quotaEdgeFiling = preparedQuery((db, _shape, studentId: number) => quotaEdge(db, studentId));

// PostgreSQL runs transactions side by side (read committed), so 40 filings sent at once each
// counted the others as not there yet. Locking the student's row makes one student's filings take
// turns; NO KEY UPDATE does not wait for the key-share locks other tables' foreign keys take.
const lockStudent = preparedQuery((db, _shape, studentId: number) =>
  db.selectFrom('users').select('id').where('id', '=', studentId).forNoKeyUpdate(),
);

// A filing's two inserts, compiled once: building and compiling them with Kysely on every filing
// cost more than SQLite's own work. The complaint is inserted only while the student's quota has
// room (INSERT ... SELECT ... WHERE), so the check costs no statement of its own: a separate
// count cost a round trip per filing on PostgreSQL. No row back means the quota is used up.
const insertComplaint = preparedQuery(
  (
    db,
    _shape,
    token: string,
    type: TComplaintType,
    hostelNo: number | null,
    roomNo: string | null,
    subType: string,
    isNetwork: number,
    description: string,
    studentId: number,
    studentName: string,
    studentRoll: string | null,
    now: number,
    windowStart: number,
  ) => {
    const row = {
      token,
      type,
      hostel_no: hostelNo,
      room_no: roomNo,
      sub_type: subType,
      is_network: isNetwork,
      description,
      status: 'Pending',
      remarks: null,
      assigned_to_id: null,
      assigned_name: null,
      assigned_designation: null,
      student_id: studentId,
      student_name: studentName,
      student_roll: studentRoll,
      created_at: now,
      updated_at: now,
    } as const;
    const columns = Object.keys(row) as (keyof typeof row)[];
    return db
      .insertInto('complaints')
      .columns(columns)
      .expression(
        db
          .selectNoFrom((eb) => columns.map((c) => eb.val(row[c]).as(c)))
          // created_at is epoch milliseconds, so 0 stands for "no 20th filing"
          .where((eb) => eb(eb.fn.coalesce(quotaEdge(db, studentId), eb.lit(0)), '<=', windowStart)),
      )
      .returningAll();
  },
);

const insertFilingHistory = preparedQuery(
  (db, _shape, complaintId: number, studentId: number, studentName: string, now: number) =>
    db.insertInto('complaint_history').values({
      complaint_id: complaintId,
      status: 'Pending',
      remarks: null,
      by_id: studentId,
      by_name: studentName,
      by_designation: null,
      at: now,
    }),
);

/** Files a complaint for the signed-in student: the student is never taken from the body. */
export async function fileComplaint(
  ctx: Ctx,
  student: UserRow,
  input: FileComplaintInput,
): Promise<{ token: string; complaint: TComplaint }> {
  const isHostel = input.type === 'Hostel';
  const hostelNo = isHostel ? input.hostelNo : null;
  const roomNo = isHostel ? input.roomNo : null;
  const isNetwork = (NETWORK_PROBLEMS as readonly string[]).includes(input.subType) ? 1 : 0;

  for (let attempt = 1; ; attempt++) {
    const token = newComplaintToken();
    const now = ctx.clock.now();
    try {
      // filings that arrive together share one commit (see batchedTransaction)
      const row = await ctx.database.batchedTransaction(async (trx) => {
        // one student's filings take turns, so each one's quota check sees the others: on SQLite
        // they do anyway (one writer; a batch runs its filings one after another)
        if (ctx.database.dialect === 'postgres') await lockStudent(trx, 'one', Number(student.id));
        const [inserted] = await insertComplaint(
          trx,
          'one',
          token,
          input.type,
          hostelNo,
          roomNo,
          input.subType,
          isNetwork,
          input.description,
          Number(student.id),
          student.name,
          student.roll_no,
          now,
          now - DAY_MS,
        );
        if (!inserted) {
          // the quota is used up: it has room again when the 20th newest filing turns a day old
          const [edge] = await quotaEdgeFiling(trx, 'one', Number(student.id));
          throw tooMany(MSG.complaintQuota, (Number(edge?.created_at ?? now) + DAY_MS - now) / 1000);
        }
        await insertFilingHistory(trx, 'one', Number(inserted.id), Number(student.id), student.name, now);
        // CONTRACT 5.1: authorities in scope who want each new complaint are mailed with the filing
        await tellAuthoritiesOfFiling(ctx, trx, inserted);
        await bumpCounters(
          trx,
          Object.fromEntries(counterScopesOf(inserted).map((s) => [`c:${s}:Pending`, 1])),
        );
        return inserted;
      });
      ctx.mailQueued();
      return { token, complaint: toComplaint(row) };
    } catch (err) {
      // 50 random bits make a clash very rare; the whole transaction is retried with a new token
      // because PostgreSQL aborts a transaction on the failed insert
      if (isUniqueViolation(err) && attempt < TOKEN_ATTEMPTS) continue;
      throw err;
    }
  }
}

function page<T>(rows: T[], count: number, q: TPageQuery) {
  return { count, page: q.page, pageSize: q.pageSize, data: rows };
}

type PageFilter = { column: 'hostel_no' | 'is_network' | 'student_id' | 'type' | 'status'; value: unknown };

// ids of one page, newest first, from the filter's index alone; the shape is the filtered columns,
// then `<` when the page starts below an id (keyset: the index is entered there, nothing skipped)
const pageIds = preparedQuery(
  (db, shape, first: unknown, second: unknown, before: number, limit: number, offset: number) => {
    const [columns = '', keyset] = shape.split(';');
    let query = db.selectFrom('complaints').select('id');
    columns
      .split(',')
      .filter(Boolean)
      .forEach((column, i) => {
        query = query.where(column as PageFilter['column'], '=', (i === 0 ? first : second) as never);
      });
    if (keyset) return query.where('id', '<', before).orderBy('id', 'desc').limit(limit);
    return query.orderBy('id', 'desc').limit(limit).offset(offset);
  },
);

// the rows of those ids; the shape is how many there are
const rowsByIds = preparedQuery((db, _shape, ...ids: number[]) =>
  db.selectFrom('complaints').selectAll().where('id', 'in', ids).orderBy('id', 'desc'),
);

/**
 * One page of complaints, newest first. The page's ids come from the filter's index alone (every
 * index ends in id, so skipping OFFSET rows never touches the table), then only those rows are read.
 */
async function fetchPage(ctx: Ctx, filters: PageFilter[], q: TPageQuery): Promise<ComplaintRow[]> {
  const keyset = q.before !== undefined;
  const shape = `${filters.map((f) => f.column).join(',')}${keyset ? ';<' : ''}`;
  const ids = await pageIds(
    ctx.database,
    shape,
    filters[0]?.value ?? null,
    filters[1]?.value ?? null,
    q.before ?? 0,
    q.pageSize,
    keyset ? 0 : (q.page - 1) * q.pageSize,
  );
  if (ids.length === 0) return [];
  return rowsByIds(ctx.database, String(ids.length), ...ids.map((r) => Number(r.id)));
}

async function pageRows(ctx: Ctx, scope: Scope, q: TPageQuery, status?: TComplaintStatus) {
  if (scope.kind === 'none') return [];
  const condition = scopeCondition(scope);
  const filters: PageFilter[] = condition ? [condition] : [];
  if (status) filters.push({ column: 'status', value: status });
  return fetchPage(ctx, filters, q);
}

export async function listStudentComplaints(
  ctx: Ctx,
  student: UserRow,
  q: TPageQuery,
): Promise<TComplaintPage> {
  const scope = complaintScope(student);
  const [rows, counted] = await Promise.all([
    pageRows(ctx, scope, q),
    // a student has few complaints, and (student_id, id) makes this an index-only count
    applyScope(ctx.database.db.selectFrom('complaints'), scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return page(rows.map(toComplaint), Number(counted.n), q);
}

/** The authority's page and the counts over its whole scope; an unapproved one gets an empty page. */
export async function listAuthorityComplaints(
  ctx: Ctx,
  authority: UserRow,
  q: TPageQuery & { status?: TComplaintStatus | undefined },
): Promise<TAuthorityComplaintPage> {
  const scope = complaintScope(authority);
  const key = counterScopeKey(scope);
  if (!key) return { ...page([], 0, q), stats: statusCounts({}, null) };
  const [rows, counters] = await Promise.all([
    pageRows(ctx, scope, q, q.status),
    readCounters(ctx.database, statusKeys(key)),
  ]);
  const stats = statusCounts(counters, key);
  const count = q.status ? (counters[`c:${key}:${q.status}`] ?? 0) : stats.total;
  return { ...page(rows.map(toComplaint), count, q), stats };
}

export async function listAdminComplaints(ctx: Ctx, q: TAdminListQuery): Promise<TComplaintPage> {
  // only Hostel complaints carry a hostel number
  if (q.hostelNo !== undefined && q.type === 'College') return page([], 0, q);
  const filters: PageFilter[] = [];
  let key = 'all';
  if (q.hostelNo !== undefined) {
    filters.push({ column: 'hostel_no', value: q.hostelNo });
    key = `hostel:${q.hostelNo}`;
  } else if (q.type) {
    filters.push({ column: 'type', value: q.type });
    key = `type:${q.type}`;
  }
  if (q.status) filters.push({ column: 'status', value: q.status });
  const [rows, counters] = await Promise.all([
    fetchPage(ctx, filters, q),
    readCounters(ctx.database, statusKeys(key)),
  ]);
  const count = q.status ? (counters[`c:${key}:${q.status}`] ?? 0) : statusCounts(counters, key).total;
  return page(rows.map(toComplaint), count, q);
}

// the scope's condition differs by kind, so each kind is its own prepared shape
const complaintByToken = preparedQuery((db, kind, token: string, scopeValue: number) => {
  const scope = { kind, hostelNo: scopeValue, studentId: scopeValue } as Scope;
  return applyScope(db.selectFrom('complaints').selectAll(), scope).where('token', '=', token);
});

const historyOfComplaint = preparedQuery((db, _shape, complaintId: number) =>
  db.selectFrom('complaint_history').selectAll().where('complaint_id', '=', complaintId).orderBy('id', 'asc'),
);

/** A complaint with its history, for anyone whose scope holds it; anything else is "not found". */
export async function getComplaintByToken(
  ctx: Ctx,
  user: UserRow,
  token: string,
): Promise<TComplaintWithHistory> {
  const scope = complaintScope(user);
  if (scope.kind === 'none') throw notFound(MSG.complaintNotFound);
  const scopeValue =
    scope.kind === 'hostel' ? scope.hostelNo : scope.kind === 'student' ? scope.studentId : 0;
  const [row] = await complaintByToken(ctx.database, scope.kind, token, scopeValue);
  if (!row) throw notFound(MSG.complaintNotFound);
  const history = await historyOfComplaint(ctx.database, 'one', Number(row.id));
  return {
    ...toComplaint(row),
    history: history.map(toHistoryEntry),
    ...(await conversationOf(ctx, Number(row.id))),
  };
}

/** Sets a complaint's status, records it in the history, moves the counters and mails the student. */
export async function updateComplaintStatus(
  ctx: Ctx,
  authority: UserRow,
  id: number,
  input: TUpdateComplaintRequest,
): Promise<TComplaint> {
  if (!canUpdate(authority)) {
    throw forbidden(
      authority.role === 'authority' && authority.approved !== 1 ? MSG_COMPLAINT.notApproved : MSG.forbidden,
    );
  }
  const scope = complaintScope(authority);
  const remarks = input.remarks ?? null;
  const now = ctx.clock.now();
  const updated = await ctx.database.db.transaction().execute(async (trx) => {
    let select = applyScope(trx.selectFrom('complaints').selectAll(), scope).where('id', '=', id);
    // two concurrent updates must not both move the counters away from the same old status
    if (ctx.database.dialect === 'postgres') select = select.forUpdate();
    const before = await select.executeTakeFirst();
    if (!before) throw notFound(MSG.complaintNotFound);
    const row = await trx
      .updateTable('complaints')
      .set({
        status: input.status,
        remarks,
        assigned_to_id: Number(authority.id),
        assigned_name: authority.name,
        assigned_designation: authority.designation,
        updated_at: now,
        // messages, photos and reopening stay open 14 days after the last change to a closed status
        ...(CLOSED_STATUSES.includes(input.status) ? { closed_at: now } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('complaint_history')
      .values({
        complaint_id: id,
        status: input.status,
        remarks,
        by_id: Number(authority.id),
        by_name: authority.name,
        by_designation: authority.designation,
        at: now,
      })
      .execute();
    if (before.status !== input.status) {
      const deltas: Record<string, number> = {};
      for (const s of counterScopesOf(before)) {
        deltas[`c:${s}:${before.status}`] = -1;
        deltas[`c:${s}:${input.status}`] = 1;
      }
      await bumpCounters(trx, deltas);
    }
    const student = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', Number(before.student_id))
      .executeTakeFirst();
    if (student) {
      const link = `${ctx.config.publicUrl}${complaintStatusPath(row.token)}`;
      await enqueueMail(
        trx,
        statusMail(student.email, student.name, row.token, input.status, remarks, link),
        now,
      );
    }
    return row;
  });
  ctx.mailQueued();
  return toComplaint(updated);
}

export async function adminStats(ctx: Ctx): Promise<TAdminStats> {
  const counters = await readAllCounters(ctx.database);
  const feedbackCount = counters['fb:count'] ?? 0;
  const ratingSum = counters['fb:sum'] ?? 0;
  return {
    ...statusCounts(counters, 'all'),
    averageRating: averageFrom(feedbackCount, ratingSum),
    feedbackCount,
    byHostel: HOSTEL_NUMBERS.map((n, i) => ({
      hostelNo: n,
      total: statusCounts(counters, HOSTEL_SCOPES[i]!).total,
    })),
    byType: {
      Hostel: statusCounts(counters, 'type:Hostel').total,
      College: statusCounts(counters, 'type:College').total,
    },
  };
}
