import type { TComplaintStatus, TPageQuery } from '@bit/contract';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Ctx } from '../../context';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';
import type { SearchTerm } from '../../lib/search-text';
import type { ScopeColumn } from '../../policy/scope';
import { OPEN_SQL } from './due';
import { pageOrder, rowsByIds } from './queries';
import type { ComplaintRow } from './rows';

/**
 * CONTRACT 6.2: a list narrowed by `q` (decision 0025), or to one incident's complaints (6.1: the
 * `incident_id` index, decision 0028). The list's own conditions come first and are the same ones its
 * pages use (the scope's column and value from policy/scope.ts through the list's page filter, then
 * status, overdue, period, incident), so a search never returns what the list would not; each
 * word of `q` then keeps the complaints it matches, one set of ids per word, all of which a complaint
 * must be in (AND):
 * - its token (unique index; tokens are upper case), roll number or room number, whole and
 *   case-insensitive (their lower(...) indexes, migration 015);
 * - or every normalised part of the word begins a word of its search document (the student's name,
 *   description, remarks, messages): an FTS5 prefix query on SQLite, a tsquery of prefixes on
 *   PostgreSQL, both built here from letters and digits only, so no syntax of either can be typed.
 */

/** The list being searched: its column filter (a scope's or the admin's), and its own filters. */
export interface SearchedList {
  by: ScopeColumn | 'type' | null;
  value: number | string;
  status?: TComplaintStatus | undefined;
  overdue?: boolean | undefined;
  period?: { start: number; end: number } | undefined;
  incident?: number | undefined;
}

/** The complaints one word of `q` matches, as a subquery of ids (also an incident's list, incidents.ts). */
export function termIds(dialect: Dialect, term: SearchTerm): RawBuilder<number> {
  const token = term.raw.toUpperCase();
  const key = term.raw.toLowerCase();
  const keys = sql`select id from complaints where token = ${token}
    union select id from complaints where lower(student_roll) = ${key}
    union select id from complaints where lower(room_no) = ${key}`;
  if (dialect === 'postgres') {
    const query = term.parts.map((p) => `'${p}':*`).join(' & ');
    return sql<number>`(select complaint_id from complaint_search where doc @@ ${query}::tsquery union ${keys})`;
  }
  const match = term.parts.map((p) => `"${p}"*`).join(' AND ');
  return sql<number>`(select rowid from complaint_search where complaint_search match ${match} union ${keys})`;
}

type Query = SelectQueryBuilder<DB, 'complaints', object>;

function matching(ctx: Ctx, list: SearchedList, terms: SearchTerm[], now: number): Query {
  let query: Query = ctx.database.db.selectFrom('complaints');
  if (list.by) query = query.where(`complaints.${list.by}`, '=', list.value as never);
  if (list.status) query = query.where('complaints.status', '=', list.status);
  if (list.overdue) query = query.where(OPEN_SQL).where('complaints.due_at', '<=', now);
  if (list.period)
    query = query
      .where('complaints.created_at', '>=', list.period.start)
      .where('complaints.created_at', '<', list.period.end);
  if (list.incident !== undefined) query = query.where('complaints.incident_id', '=', list.incident);
  for (const term of terms) query = query.where('complaints.id', 'in', termIds(ctx.database.dialect, term));
  return query;
}

/**
 * One page of a search or an incident's list, in the list's order (newest first; overdue: most overdue first; a period:
 * newest first by filing time), by number or after `before` (that complaint's place in the order).
 * `terms` null: `q` had no word to look for, and nothing matches.
 */
export async function matchingPage(
  ctx: Ctx,
  list: SearchedList,
  terms: SearchTerm[] | null,
  q: TPageQuery,
  now: number,
): Promise<ComplaintRow[]> {
  if (!terms) return [];
  let query = matching(ctx, list, terms, now).select('complaints.id');
  const before = q.before;
  if (list.overdue) {
    query = query.orderBy('complaints.due_at').orderBy('complaints.id');
    if (before !== undefined)
      query = query.where(
        sql<boolean>`(complaints.due_at, complaints.id) > (select b.due_at, b.id from complaints b where b.id = ${before})`,
      );
  } else if (list.period) {
    query = query.orderBy('complaints.created_at', 'desc').orderBy('complaints.id', 'desc');
    if (before !== undefined)
      query = query.where(
        sql<boolean>`(complaints.created_at, complaints.id) < (select b.created_at, b.id from complaints b where b.id = ${before})`,
      );
  } else {
    query = query.orderBy('complaints.id', 'desc');
    if (before !== undefined) query = query.where('complaints.id', '<', before);
  }
  const offset = before !== undefined ? 0 : (q.page - 1) * q.pageSize;
  const ids = await query.limit(q.pageSize).offset(offset).execute();
  if (ids.length === 0) return [];
  const rows = await rowsByIds(ctx.database, { ids: ids.map((r) => Number(r.id)) });
  return rows.sort(pageOrder({ overdue: list.overdue === true, period: list.period !== undefined }));
}

/** How many complaints of the list a search or an incident holds. */
export async function matchingCount(
  ctx: Ctx,
  list: SearchedList,
  terms: SearchTerm[] | null,
  now: number,
): Promise<number> {
  if (!terms) return 0;
  const row = await matching(ctx, list, terms, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
