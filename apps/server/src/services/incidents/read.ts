import {
  OPEN_INCIDENTS_MAX,
  type TIncidentListQuery,
  type TIncidentPage,
  type TIncidentWithComplaints,
  type TOpenIncident,
  type TOpenIncidentsQuery,
  type TPageQuery,
} from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { isoFromMs } from '../../lib/iso-time';
import { type SearchTerm, searchTerms, searchWords } from '../../lib/search-text';
import { applyScope, incidentScopeFilter } from '../../policy/scope-sql';
import type { UserRow } from '../accounts/users';
import { OPEN_SQL } from '../complaints/due';
import { toComplaint } from '../complaints/rows';
import { termIds } from '../complaints/search.queries';
import { incidentInScope, incidentScope, toIncident, toOpenIncident } from './incident';

const INCIDENT_COMPLAINTS_SHOWN = 100;

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
