import {
  INCIDENT_GROUP_HOURS,
  INCIDENT_GROUP_MIN,
  INCIDENT_LINK_MAX,
  isOpen,
  MSG,
  MSG_INCIDENT,
  OPEN_INCIDENTS_MAX,
  type TComplaint,
  type TComplaintStatus,
  type TIncident,
  type TIncidentGroup,
  type TIncidentListQuery,
  type TIncidentPage,
  type TIncidentWithComplaints,
  type TJoinIncidentRequest,
  type TOpenIncident,
  type TOpenIncidentsQuery,
  type TPageQuery,
  type TUpdateIncidentRequest,
} from '@bit/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { DB, IncidentsTable } from '../../db/schema';
import { addSearchWords, searchDocOf, writeSearchDocs } from '../../db/search-index';
import { recipientsByIds } from '../../delivery/notify';
import { newComplaintToken } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors';
import { isoFromMs } from '../../lib/iso-time';
import { type SearchTerm, searchTerms, searchWords } from '../../lib/search-text';
import { zonedDay, zonedMonth } from '../../lib/zoned-time';
import {
  complaintScope,
  type Scope,
  scopeCondition,
  scopeFlags,
  scopeSees,
  scopeSeesIncident,
  staffRefusal,
  type VisibleScope,
} from '../../policy/scope';
import { applyScope, incidentScopeFilter } from '../../policy/scope-sql';
import type { UserRow } from '../accounts/users';
import { bumpCounters } from '../complaints/counters';
import { statusMoves } from '../complaints/counts';
import { dueAtFrom, OPEN_SQL } from '../complaints/due';
import { COMPLAINTS_PER_DAY } from '../complaints/file';
import { insertComplaint, insertHistory, quotaEdgeFiling } from '../complaints/queries';
import { toComplaint } from '../complaints/rows';
import { termIds } from '../complaints/search';
import {
  changeStatus,
  type StatusActor,
  type StatusRows,
  statusActor,
  writeStatusBatch,
} from '../complaints/status';
import { recordAudit } from '../oversight/audit';

/**
 * Incidents (CONTRACT 6.1): one problem of many complaints. Who sees an incident is the policy's
 * (scopeSeesIncident: the scope that would see a complaint of its type, hostel and category); the
 * link is a column of the complaint (migration 017), written by one conditional update; an update
 * of the incident changes its open complaints through changeStatus, as a single update does.
 */

export type IncidentRow = Selectable<IncidentsTable>;

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_ATTEMPTS = 5;
const INCIDENT_COMPLAINTS_SHOWN = 100;

export function toIncident(row: IncidentRow): TIncident {
  return {
    id: Number(row.id),
    title: row.title,
    type: row.type,
    hostelNo: row.hostel_no === null ? null : Number(row.hostel_no),
    subType: row.sub_type,
    status: row.status,
    remarks: row.remarks,
    affected: Number(row.affected),
    createdAt: isoFromMs(Number(row.created_at)),
    updatedAt: isoFromMs(Number(row.updated_at)),
    createdBy: { name: row.created_by_name, designation: row.created_by_designation },
  };
}

const toOpenIncident = (row: IncidentRow): TOpenIncident => {
  const { id, title, type, hostelNo, subType, status, affected, updatedAt } = toIncident(row);
  return { id, title, type, hostelNo, subType, status, affected, updatedAt };
};

/** The scope an incident is seen in: an approved authority's or an admin's (a student's sees none). */
function incidentScope(user: UserRow): VisibleScope {
  const refusal = staffRefusal(user, 'oversee');
  if (refusal) throw forbidden(refusal);
  const scope = complaintScope(user);
  if (scope.kind === 'none') throw forbidden(MSG.forbidden);
  return scope;
}

type Db = Transaction<DB> | Ctx['database']['db'];

async function incidentInScope(db: Db, scope: Scope, id: number, lock = false): Promise<IncidentRow> {
  let query = db.selectFrom('incidents').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  // an incident out of the caller's scope is "not found", as a complaint is
  if (!row || !scopeSeesIncident(scope, row)) throw notFound(MSG_INCIDENT.notFound);
  return row;
}

const lockRows = (ctx: Ctx) => ctx.database.dialect === 'postgres';

/**
 * Links complaints to an incident inside the caller's transaction: each must be one the caller's
 * scope sees, of the incident's type, hostel and category (else 400 naming complaintIds), and in no
 * incident yet (409). The last is decided by the update itself (`incident_id is null`), so two
 * requests linking one complaint cannot both succeed.
 */
async function linkInTransaction(
  trx: Transaction<DB>,
  scope: Scope,
  incident: IncidentRow,
  ids: number[],
  now: number,
): Promise<IncidentRow> {
  if (ids.length === 0) return incident;
  if (ids.length > INCIDENT_LINK_MAX) throw badRequest(MSG_INCIDENT.complaintIdsTooMany, 'complaintIds');
  const rows = await trx
    .selectFrom('complaints')
    .select(['id', 'type', 'hostel_no', 'sub_type', 'is_network', 'student_id', 'incident_id'])
    .where('id', 'in', ids)
    .execute();
  const matches = rows.filter(
    (c) =>
      scopeSees(scope, c) &&
      c.type === incident.type &&
      (c.hostel_no === null ? null : Number(c.hostel_no)) ===
        (incident.hostel_no === null ? null : Number(incident.hostel_no)) &&
      c.sub_type === incident.sub_type,
  );
  if (matches.length !== ids.length) throw badRequest(MSG_INCIDENT.complaintIdsMismatch, 'complaintIds');
  if (rows.some((c) => c.incident_id !== null)) throw conflict(MSG_INCIDENT.alreadyLinked);
  const linked = await trx
    .updateTable('complaints')
    .set({ incident_id: Number(incident.id), incident_title: incident.title })
    .where('id', 'in', ids)
    .where('incident_id', 'is', null)
    .returning('id')
    .execute();
  // another request linked one of them since it was read: nothing of this one stays
  if (linked.length !== ids.length) throw conflict(MSG_INCIDENT.alreadyLinked);
  return trx
    .updateTable('incidents')
    .set((eb) => ({ affected: eb('affected', '+', linked.length), updated_at: now }))
    .where('id', '=', Number(incident.id))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface DeclareIncidentInput {
  title: string;
  type: 'Hostel' | 'College';
  hostelNo?: number | '' | null | undefined;
  subType: string;
  complaintIds?: number[] | undefined;
}

/**
 * POST /api/incidents: an approved authority whose scope includes it, or an admin. Audited
 * `incident.declare` in the same transaction (CONTRACT 6.5, 6.7); `ip` is the request's client
 * address (null for the demo seed).
 */
export async function declareIncident(
  ctx: Ctx,
  user: UserRow,
  input: DeclareIncidentInput,
  ip: string | null = null,
): Promise<TIncident> {
  const scope = incidentScope(user);
  const hostelNo = input.type === 'Hostel' ? Number(input.hostelNo) : null;
  const columns = {
    hostel_no: hostelNo,
    is_network: scopeFlags({ type: input.type, subType: input.subType }).is_network,
  };
  if (!scopeSeesIncident(scope, columns)) throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const incident = await trx
      .insertInto('incidents')
      .values({
        title: input.title,
        type: input.type,
        sub_type: input.subType,
        ...columns,
        status: 'Pending',
        remarks: null,
        created_by_id: Number(user.id),
        created_by_name: user.name,
        created_by_designation: user.designation,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const linked = await linkInTransaction(trx, scope, incident, input.complaintIds ?? [], now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'incident.declare',
      target: { type: 'incident', id: Number(incident.id) },
      at: now,
    });
    return linked;
  });
  return toIncident(row);
}

/** POST /api/incidents/{id}/complaints */
export async function linkComplaints(ctx: Ctx, user: UserRow, id: number, ids: number[]): Promise<TIncident> {
  const scope = incidentScope(user);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const incident = await incidentInScope(trx, scope, id, lockRows(ctx));
    return linkInTransaction(trx, scope, incident, ids, now);
  });
  return toIncident(row);
}

/** DELETE /api/incidents/{id}/complaints/{complaintId}: 404 when it is not linked to this incident. */
export async function unlinkComplaint(
  ctx: Ctx,
  user: UserRow,
  id: number,
  complaintId: number,
): Promise<TIncident> {
  const scope = incidentScope(user);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await incidentInScope(trx, scope, id, lockRows(ctx));
    const unlinked = await trx
      .updateTable('complaints')
      .set({ incident_id: null, incident_title: null })
      .where('id', '=', complaintId)
      .where('incident_id', '=', id)
      .returning('id')
      .execute();
    if (unlinked.length === 0) throw notFound(MSG_INCIDENT.notLinked);
    // a student whose joined complaint was taken out may join again
    await trx
      .deleteFrom('incident_joins')
      .where('incident_id', '=', id)
      .where('complaint_id', '=', complaintId)
      .execute();
    return trx
      .updateTable('incidents')
      .set((eb) => ({ affected: eb('affected', '-', 1), updated_at: now }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toIncident(row);
}

/**
 * PUT /api/incidents/{id}: the incident and, in the same transaction, every linked complaint still
 * open, each through changeStatus (its own history entry by the caller, its assignment, its due
 * date rules and its student's status mail), the counters and addresses read and written once
 * for the batch (StatusBatch). An admin changes no status, as with complaints. Audited
 * `incident.update` in the same transaction (CONTRACT 6.5, 6.7).
 */
export async function updateIncident(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: TUpdateIncidentRequest,
  ip: string | null = null,
): Promise<TIncident> {
  const refusal = staffRefusal(user, 'update');
  if (refusal) throw forbidden(refusal);
  const scope = complaintScope(user);
  const now = ctx.clock.now();
  const by = statusActor(user);
  const change = { status: input.status, remarks: input.remarks ?? null, by, now };
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await incidentInScope(trx, scope, id, lockRows(ctx));
    let open = trx
      .selectFrom('complaints')
      .selectAll()
      .where('incident_id', '=', id)
      .where(OPEN_SQL)
      .orderBy('id');
    if (lockRows(ctx)) open = open.forUpdate();
    const complaints = await open.execute();
    const students = await recipientsByIds(trx, [...new Set(complaints.map((c) => Number(c.student_id)))]);
    const counters: Record<string, number> = {};
    const rows: StatusRows = { updates: [], history: [], notices: [] };
    const remarked: number[] = [];
    for (const complaint of complaints)
      await changeStatus(trx, ctx, complaint, change, { counters, students, rows, remarked });
    await writeStatusBatch(trx, rows, change);
    // the remark is searchable on every complaint it reached (decision 0025), in one statement
    await addSearchWords(trx, ctx.database.dialect, remarked, change.remarks);
    await bumpCounters(trx, counters);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'incident.update',
      target: { type: 'incident', id },
      at: now,
    });
    return trx
      .updateTable('incidents')
      .set((eb) => ({
        status: input.status,
        remarks: eb.fn.coalesce(sql.val(input.remarks || null), 'remarks'),
        updated_by_id: by.id,
        updated_by_name: by.name,
        updated_by_designation: by.designation,
        updated_at: now,
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  ctx.mailQueued();
  return toIncident(row);
}

/**
 * GET /api/incidents/open (student): the open incidents that match what is being filed, at most 5,
 * most affected first; only the incident's own facts, never anyone's name, room or words.
 */
export async function openIncidentsFor(
  ctx: Ctx,
  q: TOpenIncidentsQuery,
  studentId?: number,
): Promise<TOpenIncident[]> {
  let query = ctx.database.db.selectFrom('incidents').selectAll().where(OPEN_SQL);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.type === 'College') query = query.where('hostel_no', 'is', null);
  else if (q.hostelNo !== undefined) query = query.where('hostel_no', '=', q.hostelNo);
  if (q.subType) query = query.where('sub_type', '=', q.subType);
  const rows = await query
    .orderBy('affected', 'desc')
    .orderBy('id', 'desc')
    .limit(OPEN_INCIDENTS_MAX)
    .execute();
  const open = rows.map(toOpenIncident);
  if (studentId === undefined || open.length === 0) return open;
  // the student's own complaint of each (joined, or linked by an authority): "You reported this on …"
  const mine = await ctx.database.db
    .selectFrom('complaints')
    .select(['incident_id', 'token', 'created_at'])
    .where(
      'incident_id',
      'in',
      open.map((i) => i.id),
    )
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
  for (const incident of open) {
    const first = mine.find((c) => Number(c.incident_id) === incident.id);
    incident.reported = first ? { token: first.token, at: isoFromMs(Number(first.created_at)) } : null;
  }
  return open;
}

/** The actor an incident's current status is by: its last updater, or its declarer while Pending. */
function incidentActor(incident: IncidentRow): StatusActor {
  return incident.updated_by_id === null
    ? {
        id: Number(incident.created_by_id),
        name: incident.created_by_name,
        role: 'authority',
        designation: incident.created_by_designation,
      }
    : {
        id: Number(incident.updated_by_id),
        name: incident.updated_by_name ?? '',
        role: 'authority',
        designation: incident.updated_by_designation,
      };
}

/**
 * POST /api/incidents/{id}/join (student): a complaint of the student's own, of the incident's
 * category, linked, and as far along as the incident (an In Progress incident's complaint is In
 * Progress, by the incident's updater). Counted in the student's 20 a day (the filing's own
 * conditional insert), and once per student and incident: the incident_joins key decides, so of
 * parallel joins one files and the others answer 409.
 */
export async function joinIncident(
  ctx: Ctx,
  student: UserRow,
  id: number,
  input: TJoinIncidentRequest,
): Promise<{ token: string; complaint: TComplaint }> {
  const studentId = Number(student.id);
  const quota = { studentId, newer: COMPLAINTS_PER_DAY - 1 };
  for (let attempt = 1; ; attempt++) {
    const now = ctx.clock.now();
    const token = newComplaintToken();
    try {
      const row = await ctx.database.db.transaction().execute(async (trx) => {
        // one student's filings and joins take turns across processes (the quota's check sees the others)
        if (lockRows(ctx))
          await sql`select id from users where id = ${studentId} for no key update`.execute(trx);
        // locked on PostgreSQL: an update for all that commits meanwhile is then seen, so the new
        // complaint is as far along as the incident (and a closed one is refused)
        let read = trx.selectFrom('incidents').selectAll().where('id', '=', id);
        if (lockRows(ctx)) read = read.forUpdate();
        const incident = await read.executeTakeFirst();
        if (!incident) throw notFound(MSG_INCIDENT.notFound);
        if (!isOpen(incident.status)) throw conflict(MSG_INCIDENT.closed);
        const joined = await trx
          .insertInto('incident_joins')
          .columns(['incident_id', 'student_id', 'at'])
          .expression(
            trx
              .selectNoFrom([
                sql.val(id).as('incident_id'),
                sql.val(studentId).as('student_id'),
                sql.val(now).as('at'),
              ])
              // a complaint of theirs the authority linked is the same report
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('complaints')
                      .select('id')
                      .where('incident_id', '=', id)
                      .where('student_id', '=', studentId),
                  ),
                ),
              ),
          )
          .onConflict((oc) => oc.columns(['incident_id', 'student_id']).doNothing())
          .returning('incident_id')
          .execute();
        if (joined.length === 0) throw conflict(MSG_INCIDENT.alreadyJoined);
        const isHostel = incident.type === 'Hostel';
        const [inserted] = await insertComplaint(trx, {
          token,
          type: incident.type,
          hostelNo: isHostel ? Number(incident.hostel_no) : null,
          roomNo: isHostel ? input.roomNo || student.room_no || '-' : null,
          subType: incident.sub_type,
          isNetwork: Number(incident.is_network),
          description: input.description?.trim() ? input.description : incident.title,
          ...quota,
          studentName: student.name,
          studentRoll: student.roll_no,
          now,
          dueAt: dueAtFrom(ctx.config, incident.type, now),
          filedMonth: zonedMonth(now, ctx.config.timeZone),
          filedDay: zonedDay(now, ctx.config.timeZone),
          windowStart: now - DAY_MS,
        });
        if (!inserted) {
          const [edge] = await quotaEdgeFiling(trx, quota);
          throw tooMany(MSG.complaintQuota, (Number(edge?.created_at ?? now) + DAY_MS - now) / 1000);
        }
        const complaintId = Number(inserted.id);
        // its search document, as a filing's (decision 0025)
        await writeSearchDocs(trx, ctx.database.dialect, [
          {
            id: complaintId,
            doc: searchDocOf(
              { student_name: student.name, description: inserted.description, remarks: null },
              [],
            ),
          },
        ]);
        await insertHistory(trx, {
          complaintId,
          status: 'Pending',
          remarks: null,
          byId: studentId,
          byName: student.name,
          byDesignation: null,
          at: now,
        });
        await bumpCounters(trx, statusMoves(inserted, null, 'Pending'));
        let row = await trx
          .updateTable('complaints')
          .set({ incident_id: id, incident_title: incident.title })
          .where('id', '=', complaintId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('incident_joins')
          .set({ complaint_id: complaintId })
          .where('incident_id', '=', id)
          .where('student_id', '=', studentId)
          .execute();
        await trx
          .updateTable('incidents')
          .set((eb) => ({ affected: eb('affected', '+', 1) }))
          .where('id', '=', id)
          .execute();
        // the authorities know of the incident already: no new-complaint mail; the student hears
        // how far along it is, as every student of the incident did
        if (incident.status !== 'Pending')
          row = await changeStatus(trx, ctx, row, {
            status: incident.status as TComplaintStatus,
            // marked as the incident's (issue 51): filed a minute ago, it was not acted on by the updater
            remarks: MSG_INCIDENT.fromIncident(id, incident.status, incident.remarks),
            by: incidentActor(incident),
            now,
          });
        return row;
      });
      ctx.mailQueued();
      return { token, complaint: toComplaint(row, now) };
    } catch (err) {
      if (isUniqueViolation(err) && attempt < TOKEN_ATTEMPTS) continue;
      throw err;
    }
  }
}

function page<T>(rows: T[], count: number, q: TPageQuery) {
  return { count, page: q.page, pageSize: q.pageSize, data: rows };
}

/** Whether every normalised part of a word of `q` begins one of `words` (an incident's title and remarks). */
const beginsAWord = (words: string[], term: SearchTerm) =>
  term.parts.every((part) => words.some((w) => w.startsWith(part)));

/**
 * GET /api/incidents: those in the caller's scope (an admin's: all), newest first. With `q` (CONTRACT
 * 6.2), an incident matches when every word of it matches its title or remarks (a word's beginning, as
 * on a complaint's text) or one of its complaints (as on the complaint lists: termIds). The titles are
 * read and matched here: a scope holds tens or hundreds of incidents, not a complaint table's millions.
 */
export async function listIncidents(ctx: Ctx, user: UserRow, q: TIncidentListQuery): Promise<TIncidentPage> {
  const scope = incidentScope(user);
  let base = ctx.database.db.selectFrom('incidents').where(incidentScopeFilter(scope));
  if (q.status) base = base.where('status', '=', q.status);
  if (q.q !== undefined) {
    const terms = searchTerms(q.q);
    if (!terms) return page([], 0, q);
    const texts = (await base.select(['id', 'title', 'remarks']).execute()).map((row) => ({
      id: row.id,
      words: searchWords(`${row.title} ${row.remarks ?? ''}`),
    }));
    const dialect = ctx.database.dialect;
    for (const term of terms) {
      const byText = texts.filter((row) => beginsAWord(row.words, term)).map((row) => row.id);
      base = base.where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            sql<number>`(select incident_id from complaints where id in ${termIds(dialect, term)})`,
          ),
          ...(byText.length > 0 ? [eb('id', 'in', byText)] : []),
        ]),
      );
    }
  }
  let rowsQuery = base.selectAll().orderBy('id', 'desc').limit(q.pageSize);
  rowsQuery =
    q.before !== undefined
      ? rowsQuery.where('id', '<', q.before)
      : rowsQuery.offset((q.page - 1) * q.pageSize);
  const [rows, counted] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return page(rows.map(toIncident), Number(counted?.n ?? 0), q);
}

/** GET /api/incidents/{id}: the incident and its first 100 complaints, newest first. */
export async function getIncident(ctx: Ctx, user: UserRow, id: number): Promise<TIncidentWithComplaints> {
  const scope = incidentScope(user);
  const incident = await incidentInScope(ctx.database.db, scope, id);
  const now = ctx.clock.now();
  const rows = await applyScope(ctx.database.db.selectFrom('complaints').selectAll(), scope)
    .where('incident_id', '=', id)
    .orderBy('id', 'desc')
    .limit(INCIDENT_COMPLAINTS_SHOWN)
    .execute();
  return { ...toIncident(incident), complaints: rows.map((r) => toComplaint(r, now)) };
}

/**
 * The authority dashboard's "looks like one problem" (CONTRACT 6.1): 3 or more open complaints in
 * scope, in no incident, of one type, hostel and category, filed within 24 hours; most first. One
 * range of complaints_groupable_idx (migration 018: the open complaints in no incident, in filing
 * order, with the columns read here), grouped here.
 */
export async function incidentGroups(ctx: Ctx, user: UserRow): Promise<TIncidentGroup[]> {
  const scope = incidentScope(user);
  const now = ctx.clock.now();
  // the partial index's own condition, as its migration states it (a planner uses a partial index
  // only for a query that states its condition); the scope is read on the index (`+column`: no
  // term another index is sought on, since a scope's own index would walk every complaint of a
  // hostel ever filed)
  const condition = scopeCondition(scope);
  let query = ctx.database.db
    .selectFrom('complaints')
    .select(['id', 'type', 'hostel_no', 'sub_type'])
    .where('created_at', '>=', now - INCIDENT_GROUP_HOURS * 60 * 60 * 1000)
    .where(OPEN_SQL)
    .where('incident_id', 'is', null);
  if (condition) query = query.where(sql.raw(`+${condition.column}`), '=', condition.value);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const groups = new Map<string, TIncidentGroup>();
  for (const r of rows) {
    const hostelNo = r.hostel_no === null ? null : Number(r.hostel_no);
    const key = `${r.type}|${hostelNo}|${r.sub_type}`;
    let group = groups.get(key);
    if (!group) {
      group = { type: r.type, hostelNo, subType: r.sub_type, count: 0, complaintIds: [] };
      groups.set(key, group);
    }
    group.count++;
    if (group.complaintIds.length < INCIDENT_LINK_MAX) group.complaintIds.push(Number(r.id));
  }
  return [...groups.values()]
    .filter((g) => g.count >= INCIDENT_GROUP_MIN)
    .sort((a, b) => b.count - a.count || (b.complaintIds[0] ?? 0) - (a.complaintIds[0] ?? 0));
}
