import {
  COMMITTEE_NAMES,
  CONFIDENTIAL_CATEGORIES,
  committeeOfCategory,
  GRIEVANCE_LIMITS,
  GRIEVANCE_TEXT,
  grievancePath,
  MESSAGES_PER_HOUR,
  MSG_GRIEVANCE,
  type TCommitteeKey,
  type TDecisionRequest,
  type TGrievance,
  type TGrievanceHistoryEntry,
  type TGrievanceListQuery,
  type TGrievanceMessage,
  type TGrievancePage,
  type TGrievanceStatus,
  type TGrievanceWithHistory,
  type THearingRequest,
  type TSubmitGrievanceRequest,
} from '@bit/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { DB, GrievanceHistoryTable, GrievanceMessagesTable, GrievancesTable } from '../../db/schema';
import { notify, type Recipient } from '../../delivery/notify';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors';
import { isoFromMs } from '../../lib/iso-time';
import { formatZoned, zonedParts } from '../../lib/zoned-time';
import { grievanceMail } from '../../mail/templates';
import {
  committeesSeeing,
  type GrievanceViewer,
  grievanceRoles,
  grievanceViewer,
  maySeeGrievance,
  visibleGrievances,
} from '../../policy/grievances';
import type { UserRow } from '../accounts/users';
import { isOverdue } from '../complaints/due';
import { recordAudit } from '../oversight/audit';
import { workingDaysTaken, workingDeadline } from './calendar';
import { countedTotal, countStatusChange, countSubmitted } from './counts';
import {
  committeeRecipients,
  committeesOf,
  grievanceWithComplaint,
  historyOf,
  insertIfUnderQuota,
  messagesOf,
  nextNumber,
  quotaEdge,
  studentRecipient,
} from './grievance-queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type GrievanceRow = Selectable<GrievancesTable> & {
  complaint_token: string | null;
  complaint_status: string | null;
};

// ---------------------------------------------------------------------------------------------
// Who asks, and what they are shown

/** The policy's viewer for a signed-in user: their committees are read for an authority only. */
export async function viewerOf(ctx: Ctx, user: UserRow): Promise<GrievanceViewer> {
  const committees = user.role === 'authority' ? await committeesOf(ctx.database.db, Number(user.id)) : [];
  return grievanceViewer({ id: Number(user.id), role: user.role }, committees);
}

/** A Ragging or Sexual harassment grievance (CONTRACT 7.3). */
const isConfidential = (row: { category: string }) =>
  (CONFIDENTIAL_CATEGORIES as readonly string[]).includes(row.category);

const iso = (ms: number | null) => (ms === null ? null : isoFromMs(Number(ms)));

/** Whether the viewer is the grievance's own student (the only one who sees who an anonymous student is). */
const isOwnStudent = (viewer: GrievanceViewer, row: { student_id: number }) =>
  viewer.kind === 'student' && viewer.userId === Number(row.student_id);

/** CONTRACT 7.2's Grievance as this viewer may read it: an anonymous student is null to everyone but themselves. */
export function toGrievance(row: GrievanceRow, viewer: GrievanceViewer): TGrievance {
  const hidden = Number(row.anonymous) === 1 && !isOwnStudent(viewer, row);
  return {
    id: Number(row.id),
    number: row.number,
    category: row.category as TGrievance['category'],
    subject: row.subject,
    description: row.description,
    committee: row.committee as TCommitteeKey,
    status: row.status as TGrievanceStatus,
    anonymous: Number(row.anonymous) === 1,
    student: hidden ? null : { name: row.student_name, rollNo: row.student_roll },
    complaint:
      row.complaint_token === null
        ? null
        : { token: row.complaint_token, status: row.complaint_status ?? '' },
    dueAt: isoFromMs(Number(row.due_at)),
    hearing:
      row.hearing_at === null
        ? null
        : { at: iso(row.hearing_at)!, place: row.hearing_place ?? '', representative: row.representative },
    decision:
      row.decision_at === null
        ? null
        : {
            outcome: row.decision_outcome as 'Upheld',
            text: row.decision_text ?? '',
            at: iso(row.decision_at)!,
            by: { name: row.decision_by_name ?? '', designation: row.decision_by_designation },
          },
    appeal:
      row.appeal_at === null
        ? null
        : { reason: row.appeal_reason ?? '', at: iso(row.appeal_at)!, dueAt: iso(row.appeal_due_at)! },
    appealDecision:
      row.appeal_decided_at === null
        ? null
        : {
            outcome: row.appeal_outcome as 'Upheld',
            text: row.appeal_text ?? '',
            at: iso(row.appeal_decided_at)!,
            by: { name: row.appeal_by_name ?? '', designation: row.appeal_by_designation },
          },
    createdAt: isoFromMs(Number(row.created_at)),
    updatedAt: isoFromMs(Number(row.updated_at)),
  };
}

/** A step's or a message's author as this viewer may read it ("Anonymous" for an anonymous student). */
function authorName(
  row: { anonymous: number; student_id: number },
  viewer: GrievanceViewer,
  by: { by_id: number | null; by_name: string },
) {
  const anonymous =
    Number(row.anonymous) === 1 && Number(by.by_id) === Number(row.student_id) && !isOwnStudent(viewer, row);
  return anonymous ? MSG_GRIEVANCE.anonymous : by.by_name;
}

function toHistory(
  row: GrievanceRow,
  viewer: GrievanceViewer,
  h: Selectable<GrievanceHistoryTable>,
): TGrievanceHistoryEntry {
  return {
    status: h.status as TGrievanceStatus,
    note: h.note,
    by: { name: authorName(row, viewer, h), designation: h.by_designation },
    at: isoFromMs(Number(h.at)),
  };
}

function toMessage(
  row: GrievanceRow,
  viewer: GrievanceViewer,
  m: Selectable<GrievanceMessagesTable>,
): TGrievanceMessage {
  return {
    id: Number(m.id),
    body: m.body,
    by: {
      name: authorName(row, viewer, m),
      role: m.by_role as 'student',
      designation: m.by_designation,
    },
    at: isoFromMs(Number(m.at)),
  };
}

async function withHistory(
  db: Ctx['database']['db'] | Transaction<DB>,
  row: GrievanceRow,
  viewer: GrievanceViewer,
): Promise<TGrievanceWithHistory> {
  const [history, messages] = [await historyOf(db, Number(row.id)), await messagesOf(db, Number(row.id))];
  return Object.assign(toGrievance(row, viewer), {
    history: history.map((h) => toHistory(row, viewer, h)),
    messages: messages.map((m) => toMessage(row, viewer, m)),
  });
}

/** A grievance the viewer may see, or 404 (it is not admitted to exist). Locked on PostgreSQL inside a transaction. */
async function visibleGrievance(
  ctx: Ctx,
  db: Ctx['database']['db'] | Transaction<DB>,
  viewer: GrievanceViewer,
  id: number,
  lock = false,
): Promise<GrievanceRow> {
  if (viewer.kind === 'none') throw notFound(MSG_GRIEVANCE.notFound);
  let q = grievanceWithComplaint(db).where('g.id', '=', id);
  if (lock && ctx.database.dialect === 'postgres') q = q.forUpdate('g');
  const row = await q.executeTakeFirst();
  if (!row || !maySeeGrievance(viewer, row)) throw notFound(MSG_GRIEVANCE.notFound);
  return row;
}

/**
 * GET /api/grievances/{id}: the grievance with its history and messages, oldest first. A committee
 * member's opening of a confidential one (CONTRACT 7.3) is written to the audit log in the same
 * request, before the answer: `grievance.view`, the grievance's id as target and nothing of its
 * content, so a leak can be traced without an admin reading the case. Its student's own openings
 * are not traced.
 */
export async function getGrievance(
  ctx: Ctx,
  user: UserRow,
  id: number,
  ip: string | null = null,
): Promise<TGrievanceWithHistory> {
  const viewer = await viewerOf(ctx, user);
  const row = await visibleGrievance(ctx, ctx.database.db, viewer, id);
  if (viewer.kind === 'member' && isConfidential(row))
    await recordAudit(ctx.database.db, {
      actor: user,
      action: 'grievance.view',
      target: { type: 'grievance', id: Number(row.id) },
      ip,
      at: ctx.clock.now(),
    });
  return withHistory(ctx.database.db, row, viewer);
}

// ---------------------------------------------------------------------------------------------
// Telling people

const linkOf = (ctx: Ctx, id: number) => `${ctx.config.publicUrl}${grievancePath(id)}`;

/** The members of the committees that see the grievance (policy's committeesSeeing), as recipients. */
const membersToTell = (trx: Transaction<DB>, row: GrievanceRow) =>
  committeeRecipients(trx, committeesSeeing(row));

async function tell(
  ctx: Ctx,
  trx: Transaction<DB>,
  recipients: Recipient[],
  row: { id: number; number: string },
  status: TGrievanceStatus,
  what: string,
  now: number,
  detail: string[] = [],
) {
  const link = linkOf(ctx, Number(row.id));
  for (const r of recipients)
    await notify(trx, r, grievanceMail(r.email, r.name, row.number, status, what, link, detail), now);
}

async function tellStudent(
  ctx: Ctx,
  trx: Transaction<DB>,
  row: GrievanceRow,
  status: TGrievanceStatus,
  what: string,
  now: number,
  detail: string[] = [],
) {
  const student = await studentRecipient(trx, Number(row.student_id));
  if (student) await tell(ctx, trx, [student], row, status, what, now, detail);
}

// ---------------------------------------------------------------------------------------------
// Submitting

/** A complaint a grievance may take up (CONTRACT 7.2): the student's own, closed within 15 days or overdue. */
async function eligibleComplaint(ctx: Ctx, studentId: number, token: string, now: number): Promise<number> {
  const c = await ctx.database.db
    .selectFrom('complaints')
    .select(['id', 'student_id', 'status', 'closed_at', 'updated_at', 'due_at'])
    .where('token', '=', token.trim().toUpperCase())
    .executeTakeFirst();
  const closedRecently =
    c !== undefined &&
    (c.status === 'Resolved' || c.status === 'Rejected') &&
    Number(c.closed_at ?? c.updated_at) >= now - GRIEVANCE_LIMITS.appealDays * DAY_MS;
  if (!c || Number(c.student_id) !== studentId || !(closedRecently || isOverdue(c, now)))
    throw badRequest(MSG_GRIEVANCE.complaintNotEligible, 'complaintToken');
  return Number(c.id);
}

/** POST /api/grievances: a student's grievance, Submitted, due 15 working days later; its committee told. */
export async function submitGrievance(
  ctx: Ctx,
  student: UserRow,
  input: TSubmitGrievanceRequest,
): Promise<TGrievanceWithHistory> {
  const studentId = Number(student.id);
  const committee = committeeOfCategory(input.category);
  const startedAt = ctx.clock.now();
  const complaintId = input.complaintToken?.trim()
    ? await eligibleComplaint(ctx, studentId, input.complaintToken, startedAt)
    : null;
  const dueAt = await workingDeadline(ctx, startedAt, GRIEVANCE_LIMITS.decisionWorkingDays);
  const year = Number(zonedParts(startedAt, ctx.config.timeZone).day.slice(0, 4));
  let id: number;
  try {
    id = await ctx.database.db.transaction().execute(async (trx) => {
      const now = startedAt;
      // one student's submissions take turns (PostgreSQL; SQLite's transactions already do), so that
      // the conditional insert of each sees the ones before it
      if (ctx.database.dialect === 'postgres')
        await trx.selectFrom('users').select('id').where('id', '=', studentId).forNoKeyUpdate().execute();
      const n = await nextNumber(trx, year);
      const values: Record<string, string | number> = {
        number: `GRV-${year}-${String(n).padStart(6, '0')}`,
        category: input.category,
        committee,
        subject: input.subject,
        description: input.description,
        status: 'Submitted',
        anonymous: input.anonymous === true ? 1 : 0,
        student_id: studentId,
        student_name: student.name,
        due_at: dueAt,
        open_due_at: dueAt,
        created_at: now,
        updated_at: now,
      };
      if (student.roll_no !== null) values.student_roll = student.roll_no;
      if (complaintId !== null) values.complaint_id = complaintId;
      const quota = { studentId, since: now - DAY_MS, max: GRIEVANCE_TEXT.perDay };
      const inserted = await insertIfUnderQuota(trx, values, quota);
      if (inserted === undefined) {
        // room again when the 5th newest of the day turns a day old; the number is rolled back
        const edge = (await quotaEdge(trx, studentId, quota.since, quota.max)) ?? now;
        throw tooMany(MSG_GRIEVANCE.quota, (edge + DAY_MS - now) / 1000);
      }
      await countSubmitted(trx, input.category);
      await trx
        .insertInto('grievance_history')
        .values({
          grievance_id: inserted,
          status: 'Submitted',
          note: null,
          by_id: studentId,
          by_name: student.name,
          by_role: 'student',
          by_designation: null,
          at: now,
        })
        .execute();
      const members = await committeeRecipients(trx, [committee]);
      await tell(
        ctx,
        trx,
        members,
        { id: inserted, number: String(values.number) },
        'Submitted',
        // CONTRACT 7.3: ragging is urgent (told again every 24 hours until a member acts: urgent.ts)
        input.category === 'Ragging'
          ? `A report of ragging was made to the ${COMMITTEE_NAMES[committee]}: it is urgent.`
          : `A grievance was submitted to the ${COMMITTEE_NAMES[committee]}.`,
        now,
      );
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG_GRIEVANCE.complaintTaken);
    throw err;
  }
  ctx.mailQueued();
  const viewer = grievanceViewer({ id: studentId, role: 'student' }, []);
  const row = await visibleGrievance(ctx, ctx.database.db, viewer, id);
  return withHistory(ctx.database.db, row, viewer);
}

// ---------------------------------------------------------------------------------------------
// Lists

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const NUMBER_RE = /^GRV-\d{4}-\d{6}$/i;

/**
 * GET /api/grievances: a committee member's committees' grievances (the Ombudsperson's: the appealed
 * SGRC ones), a student's own; newest first, or with `overdue=true` the longest overdue first (the
 * deadline it waits on, then id). `q`: a number whole, or each word in the number, subject or
 * description (LIKE over the viewer's own grievances, which the index bounds).
 */
export async function listGrievances(
  ctx: Ctx,
  user: UserRow,
  query: TGrievanceListQuery,
): Promise<TGrievancePage> {
  const viewer = await viewerOf(ctx, user);
  if (viewer.kind === 'none') throw forbidden(MSG_GRIEVANCE.listForbidden);
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const filtered = () => {
    let q = db.selectFrom('grievances as g').where((eb) => visibleGrievances(eb, viewer));
    if (query.status) q = q.where('g.status', '=', query.status);
    if (query.category) q = q.where('g.category', '=', query.category);
    if (query.overdue) q = q.where('g.open_due_at', 'is not', null).where('g.open_due_at', '<=', now);
    if (query.q) {
      const text = query.q;
      if (NUMBER_RE.test(text)) q = q.where('g.number', '=', text.toUpperCase());
      else
        for (const word of text.split(/\s+/).filter(Boolean).slice(0, 8)) {
          const pattern = `%${escapeLike(word.toLowerCase())}%`;
          // the words of its number, subject and description, case folded; ESCAPE so that % and _ are
          // themselves on both dialects (SQLite's LIKE has no escape character otherwise)
          q = q.where(
            sql<boolean>`lower(g.number || ' ' || g.subject || ' ' || g.description) like ${pattern} escape '\\'`,
          );
        }
    }
    return q;
  };
  // a member's list without a search or the overdue filter: its total from the kept counts
  // (counts.ts) instead of a count of the committee's grievances; otherwise counted over the set
  const n =
    viewer.kind === 'member' && !query.q && !query.overdue
      ? await countedTotal(db, viewer, { status: query.status, category: query.category })
      : (
          await filtered()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
  let ids = filtered().select('g.id');
  if (query.overdue) {
    if (query.before !== undefined) {
      const edge = await db
        .selectFrom('grievances')
        .select('open_due_at')
        .where('id', '=', query.before)
        .executeTakeFirst();
      const due = Number(edge?.open_due_at ?? 0);
      ids = ids.where((eb) =>
        eb.or([
          eb('g.open_due_at', '>', due),
          eb.and([eb('g.open_due_at', '=', due), eb('g.id', '>', query.before!)]),
        ]),
      );
    }
    ids = ids.orderBy('g.open_due_at', 'asc').orderBy('g.id', 'asc');
  } else {
    if (query.before !== undefined) ids = ids.where('g.id', '<', query.before);
    ids = ids.orderBy('g.id', 'desc');
  }
  ids = ids.limit(query.pageSize);
  if (query.before === undefined) ids = ids.offset((query.page - 1) * query.pageSize);
  const pageIds = (await ids.execute()).map((r) => Number(r.id));
  const rows =
    pageIds.length === 0 ? [] : await grievanceWithComplaint(db).where('g.id', 'in', pageIds).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return {
    count: Number(n),
    page: query.page,
    pageSize: query.pageSize,
    data: pageIds.map((id) => toGrievance(byId.get(id)!, viewer)),
  };
}

// ---------------------------------------------------------------------------------------------
// The steps

type Part = 'student' | 'committee' | 'ombudsperson';

interface Step {
  /** who may take it: anyone else who sees the grievance gets 403 */
  by: Part[];
  /** the statuses it may follow: otherwise 409 */
  from: TGrievanceStatus[];
  /** the checks and writes of the step, on the locked row; answers the history's status and note */
  apply(
    trx: Transaction<DB>,
    row: GrievanceRow,
    now: number,
  ): Promise<{ status: TGrievanceStatus; note: string | null }>;
}

const forbiddenFor = (by: Part[]) =>
  by.includes('student')
    ? MSG_GRIEVANCE.notYours
    : by.includes('ombudsperson')
      ? MSG_GRIEVANCE.ombudspersonOnly
      : MSG_GRIEVANCE.committeeOnly;

/**
 * A step on a grievance, in the contract's order: who may see it (404), who may take the step (403),
 * whether now (409), then the step's writes, its history line and whom it tells in one transaction.
 * The row is locked on PostgreSQL (SQLite's transactions take turns), so two steps at once meet in
 * order and the second is judged on the first's outcome.
 */
async function takeStep(ctx: Ctx, user: UserRow, id: number, step: Step): Promise<TGrievanceWithHistory> {
  const viewer = await viewerOf(ctx, user);
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const row = await visibleGrievance(ctx, trx, viewer, id, true);
    const roles = grievanceRoles(viewer, row);
    if (!step.by.some((p) => roles[p])) throw forbidden(forbiddenFor(step.by));
    if (!step.from.includes(row.status as TGrievanceStatus))
      throw conflict(MSG_GRIEVANCE.outOfOrder(row.status as TGrievanceStatus));
    const { status, note } = await step.apply(trx, row, now);
    await trx
      .insertInto('grievance_history')
      .values({
        grievance_id: id,
        status,
        note,
        by_id: Number(user.id),
        by_name: user.name,
        by_role: user.role,
        by_designation: user.role === 'authority' ? user.designation : null,
        at: now,
      })
      .execute();
  });
  ctx.mailQueued();
  const row = await visibleGrievance(ctx, ctx.database.db, viewer, id);
  return withHistory(ctx.database.db, row, viewer);
}

/**
 * Writes a step's columns, the new status and the deadline it now waits on; a change of status is
 * counted in the same transaction (counts.ts). The one place a grievance's status changes after its
 * submission.
 */
async function setColumns(
  trx: Transaction<DB>,
  row: GrievanceRow,
  now: number,
  values: Partial<Selectable<GrievancesTable>>,
) {
  if (values.status !== undefined) await countStatusChange(trx, row.category, row.status, values.status);
  await trx
    .updateTable('grievances')
    .set({ ...values, updated_at: now })
    .where('id', '=', Number(row.id))
    .execute();
  Object.assign(row, values, { updated_at: now });
}

/** POST /api/grievances/{id}/hearing: a committee member sets (or moves) the hearing; the student is told when and where. */
export function scheduleHearing(ctx: Ctx, user: UserRow, id: number, input: THearingRequest) {
  const at = Date.parse(input.at);
  return takeStep(ctx, user, id, {
    by: ['committee'],
    from: ['Submitted', 'Hearing scheduled'],
    async apply(trx, row, now) {
      if (!(at > now)) throw badRequest(MSG_GRIEVANCE.atPast, 'at');
      await setColumns(trx, row, now, {
        status: 'Hearing scheduled',
        hearing_at: at,
        hearing_place: input.place,
        open_due_at: Number(row.due_at),
      });
      const when = formatZoned(at, ctx.config.timeZone);
      await tellStudent(ctx, trx, row, 'Hearing scheduled', 'Your hearing is scheduled.', now, [
        `When: ${when}`,
        `Where: ${input.place}`,
        'You may name someone to speak for you at the hearing, on the grievance’s page, before it begins.',
      ]);
      return { status: 'Hearing scheduled', note: `${when}, ${input.place}` };
    },
  });
}

/** PUT /api/grievances/{id}/representative: before the hearing, the student names who speaks for them (empty: no one). */
export function setRepresentative(ctx: Ctx, user: UserRow, id: number, name: string) {
  return takeStep(ctx, user, id, {
    by: ['student'],
    from: ['Hearing scheduled'],
    async apply(trx, row, now) {
      if (row.hearing_at === null || Number(row.hearing_at) <= now)
        throw conflict(MSG_GRIEVANCE.representativeAfterHearing);
      const value = name.trim() === '' ? null : name;
      await setColumns(trx, row, now, { representative: value });
      await tell(
        ctx,
        trx,
        await committeeRecipients(trx, [row.committee]),
        row,
        'Hearing scheduled',
        'The student named who speaks for them at the hearing.',
        now,
      );
      return {
        status: 'Hearing scheduled',
        note: value === null ? 'No representative' : `Representative: ${value}`,
      };
    },
  });
}

/** POST /api/grievances/{id}/decision: the committee decides; the student is told. */
export function decideGrievance(ctx: Ctx, user: UserRow, id: number, input: TDecisionRequest) {
  return takeStep(ctx, user, id, {
    by: ['committee'],
    from: ['Submitted', 'Hearing scheduled'],
    async apply(trx, row, now) {
      await setColumns(trx, row, now, {
        status: 'Decided',
        decision_working_days: await workingDaysTaken(ctx, trx, Number(row.created_at), now),
        decision_outcome: input.outcome,
        decision_text: input.text,
        decision_at: now,
        decision_by_name: user.name,
        decision_by_designation: user.designation,
        open_due_at: null,
      });
      await tellStudent(ctx, trx, row, 'Decided', 'The committee decided your grievance.', now);
      return { status: 'Decided', note: input.outcome };
    },
  });
}

/** POST /api/grievances/{id}/withdraw: the student withdraws before a decision. */
export function withdrawGrievance(ctx: Ctx, user: UserRow, id: number) {
  return takeStep(ctx, user, id, {
    by: ['student'],
    from: ['Submitted', 'Hearing scheduled'],
    async apply(trx, row, now) {
      await setColumns(trx, row, now, { status: 'Withdrawn', open_due_at: null });
      await tell(
        ctx,
        trx,
        await membersToTell(trx, row),
        row,
        'Withdrawn',
        'The student withdrew a grievance.',
        now,
      );
      return { status: 'Withdrawn', note: null };
    },
  });
}

/** POST /api/grievances/{id}/appeal: an SGRC decision, within 15 days, to the Ombudsperson (due 30 days later). */
export function appealGrievance(ctx: Ctx, user: UserRow, id: number, reason: string) {
  return takeStep(ctx, user, id, {
    by: ['student'],
    from: ['Decided'],
    async apply(trx, row, now) {
      if (row.committee !== 'sgrc') throw conflict(MSG_GRIEVANCE.appealSgrcOnly);
      if (now > Number(row.decision_at) + GRIEVANCE_LIMITS.appealDays * DAY_MS)
        throw conflict(MSG_GRIEVANCE.appealTimePassed);
      const dueAt = now + GRIEVANCE_LIMITS.appealDecisionDays * DAY_MS;
      await setColumns(trx, row, now, {
        status: 'Appealed',
        appeal_reason: reason,
        appeal_at: now,
        appeal_due_at: dueAt,
        open_due_at: dueAt,
      });
      await tell(
        ctx,
        trx,
        await membersToTell(trx, row),
        row,
        'Appealed',
        'A decision was appealed to the Ombudsperson.',
        now,
      );
      return { status: 'Appealed', note: null };
    },
  });
}

/** POST /api/grievances/{id}/appeal-decision: the Ombudsperson decides, finally; the student is told. */
export function decideAppeal(ctx: Ctx, user: UserRow, id: number, input: TDecisionRequest) {
  return takeStep(ctx, user, id, {
    by: ['ombudsperson'],
    from: ['Appealed'],
    async apply(trx, row, now) {
      await setColumns(trx, row, now, {
        status: 'Appeal decided',
        appeal_outcome: input.outcome,
        appeal_text: input.text,
        appeal_decided_at: now,
        appeal_by_name: user.name,
        appeal_by_designation: user.designation,
        open_due_at: null,
      });
      await tellStudent(ctx, trx, row, 'Appeal decided', 'The Ombudsperson decided your appeal.', now);
      return { status: 'Appeal decided', note: input.outcome };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * Open for messages while the grievance waits on someone, and while a decision may still be appealed
 * (15 days); closed once withdrawn or finally decided.
 */
function openForMessages(row: GrievanceRow, now: number) {
  if (row.status === 'Withdrawn' || row.status === 'Appeal decided') return false;
  if (row.status === 'Decided') return now <= Number(row.decision_at) + GRIEVANCE_LIMITS.appealDays * DAY_MS;
  return true;
}

/** POST /api/grievances/{id}/messages: the student and the committee (and the Ombudsperson on an appeal) talk, as in 5.2. */
export async function postGrievanceMessage(
  ctx: Ctx,
  user: UserRow,
  id: number,
  body: string,
): Promise<TGrievanceMessage> {
  const viewer = await viewerOf(ctx, user);
  const now = ctx.clock.now();
  const { row, message } = await ctx.database.db.transaction().execute(async (trx) => {
    const row = await visibleGrievance(ctx, trx, viewer, id, true);
    const roles = grievanceRoles(viewer, row);
    if (!(roles.student || roles.committee || roles.ombudsperson))
      throw forbidden(MSG_GRIEVANCE.committeeOnly);
    if (!openForMessages(row, now)) throw conflict(MSG_GRIEVANCE.closedForMessages);
    // 30 an hour, as on complaints; a writer's messages take turns on PostgreSQL
    if (ctx.database.dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', Number(user.id)).forNoKeyUpdate().execute();
    const recent = await trx
      .selectFrom('grievance_messages')
      .select('at')
      .where('by_id', '=', Number(user.id))
      .where('at', '>', now - HOUR_MS)
      .orderBy('at', 'desc')
      .limit(MESSAGES_PER_HOUR)
      .execute();
    if (recent.length >= MESSAGES_PER_HOUR)
      throw tooMany(
        MSG_GRIEVANCE.tooManyMessages,
        (Number(recent[recent.length - 1]!.at) + HOUR_MS - now) / 1000,
      );
    const message = await trx
      .insertInto('grievance_messages')
      .values({
        grievance_id: id,
        body,
        by_id: Number(user.id),
        by_name: user.name,
        by_role: user.role,
        by_designation: user.role === 'authority' ? user.designation : null,
        at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const status = row.status as TGrievanceStatus;
    if (roles.student)
      await tell(
        ctx,
        trx,
        await membersToTell(trx, row),
        row,
        status,
        'The student wrote a message on a grievance.',
        now,
      );
    else await tellStudent(ctx, trx, row, status, 'There is a new message on your grievance.', now);
    return { row, message };
  });
  ctx.mailQueued();
  return toMessage(row, viewer, message);
}
