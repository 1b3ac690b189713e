import type { TComplaintStatus, TPageQuery } from '@bit/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Ctx } from '../../context';
import type { Dialect } from '../../db/database';
import type { SearchTerm } from '../../lib/search-text';
import type { ScopeColumn } from '../../policy/scope';
import { OPEN_SQL } from './due';
import { pageOrder, rowsByIds } from './queries';
import type { ComplaintRow } from './rows';

/**
 * CONTRACT 6.2: a list narrowed by `q` (decision 0025), or to one incident's complaints (6.1: the
 * `incident_id` index, decision 0028). The list's own conditions come first and are the same ones its
 * pages use (the scope's column and value from policy/scope.ts through the list's page filter, then
 * status, overdue, period, incident), so a search never returns what the list would not; a
 * complaint is kept when each word of `q` matches it (AND), by one of:
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

/**
 * Which words of `q` are some complaint's token, roll or room number: one statement of three index
 * seeks a word. Those words keep their own set of ids (termIds); the others are text alone.
 */
function keyWords(ctx: Ctx, terms: SearchTerm[]): Promise<Set<SearchTerm>> {
  // a list's page and its count ask for the same words at once: one probe for both
  let found = probed.get(terms);
  if (!found) {
    found = probeKeys(ctx, terms);
    probed.set(terms, found);
  }
  return found;
}
const probed = new WeakMap<SearchTerm[], Promise<Set<SearchTerm>>>();

async function probeKeys(ctx: Ctx, terms: SearchTerm[]): Promise<Set<SearchTerm>> {
  if (terms.length === 0) return new Set();
  const probes = terms.map((term, i) => {
    const key = term.raw.toLowerCase();
    return sql`select ${sql.lit(i)} as i where exists (select 1 from complaints where token = ${term.raw.toUpperCase()})
      or exists (select 1 from complaints where lower(student_roll) = ${key})
      or exists (select 1 from complaints where lower(room_no) = ${key})`;
  });
  const { rows } = await sql<{ i: number }>`${sql.join(probes, sql` union all `)}`.execute(ctx.database.db);
  return new Set(rows.map((r) => terms[Number(r.i)] as SearchTerm));
}

/** The list's own conditions on `complaints`, the same whichever table a search walks. */
function listConditions(list: SearchedList, now: number): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (list.by) conditions.push(sql`${sql.ref(`complaints.${list.by}`)} = ${list.value}`);
  if (list.status) conditions.push(sql`complaints.status = ${list.status}`);
  if (list.overdue) conditions.push(OPEN_SQL, sql`complaints.due_at <= ${now}`);
  if (list.period)
    conditions.push(
      sql`complaints.created_at >= ${list.period.start}`,
      sql`complaints.created_at < ${list.period.end}`,
    );
  if (list.incident !== undefined) conditions.push(sql`complaints.incident_id = ${list.incident}`);
  return conditions;
}

/**
 * How a search reads (decision 0025): the statement's tables and conditions, and the column that
 * orders it newest first.
 * - `text`: when no word is a complaint's key (most searches), the words go into one query of the
 *   text index, walked newest first (FTS5 and the GIN-indexed table both by complaint id) and joined
 *   to the complaint for the list's conditions: a page stops after its rows, however many
 *   complaints a word is in.
 * - `keys`: when a word is a token, a roll or a room number, its set of ids (termIds: the key's
 *   complaints and the text's) is small and leads; any other word is checked on each of those
 *   complaints' documents (a word beginning with it), not read as a set of its own.
 * A list in due order or a period's takes each word's set of ids as a condition of its walk.
 */
interface Source {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  newestFirst: RawBuilder<unknown>;
  /** no condition outside the text index: a count reads the text index alone */
  textAlone: RawBuilder<unknown> | null;
  /** a key word's complaints lead, newest first: few, so read once for a page and its count */
  keyLed: boolean;
}

function sourceOf(
  dialect: Dialect,
  list: SearchedList,
  terms: SearchTerm[],
  keys: Set<SearchTerm>,
  now: number,
): Source {
  const conditions = listConditions(list, now);
  const text = terms.filter((t) => !keys.has(t));
  const parts = text.flatMap((t) => t.parts);
  const postgres = dialect === 'postgres';
  const idsOf = (t: SearchTerm) => sql`complaints.id in ${termIds(dialect, t)}`;
  if (list.overdue || list.period || text.length === 0) {
    return {
      from: sql`complaints`,
      where: [...conditions, ...terms.map(idsOf)],
      newestFirst: sql`complaints.id`,
      textAlone: null,
      keyLed: keys.size > 0 && !list.overdue && !list.period,
    };
  }
  if (keys.size > 0) {
    // the key words' sets lead; each other word is looked for in the complaint's document
    const inDocument = postgres
      ? [sql`complaint_search.doc @@ ${parts.map((p) => `'${p}':*`).join(' & ')}::tsquery`]
      : parts.map((p) => sql`(' ' || complaint_search.doc) like ${`% ${p}%`}`);
    const join = postgres
      ? sql`complaints join complaint_search on complaint_search.complaint_id = complaints.id`
      : sql`complaints cross join complaint_search on complaint_search.rowid = complaints.id`;
    return {
      from: join,
      where: [...conditions, ...terms.filter((t) => keys.has(t)).map(idsOf), ...inDocument],
      newestFirst: sql`complaints.id`,
      textAlone: null,
      keyLed: true,
    };
  }
  if (postgres) {
    const match = sql`complaint_search.doc @@ ${parts.map((p) => `'${p}':*`).join(' & ')}::tsquery`;
    return {
      from: sql`complaint_search join complaints on complaints.id = complaint_search.complaint_id`,
      where: [match, ...conditions],
      newestFirst: sql`complaints.id`,
      textAlone: conditions.length === 0 ? sql`complaint_search where ${match}` : null,
      keyLed: false,
    };
  }
  // CROSS JOIN: SQLite walks the text index first, in its rowid (complaint id) order
  const match = sql`complaint_search match ${parts.map((p) => `"${p}"*`).join(' AND ')}`;
  return {
    from: sql`complaint_search cross join complaints on complaints.id = complaint_search.rowid`,
    where: [match, ...conditions],
    newestFirst: sql`complaint_search.rowid`,
    textAlone: conditions.length === 0 ? sql`complaint_search where ${match}` : null,
    keyLed: false,
  };
}

/** At most this many complaints are read whole for a key-led search's page and count. */
const KEY_LED_MAX = 2000;

/**
 * A key-led search's complaint ids, newest first, read once for its page and its count (lists.ts
 * asks for both at once with the same words and list); null when there are more than KEY_LED_MAX,
 * and the page and the count read on their own.
 */
function keyLedIds(ctx: Ctx, list: SearchedList, terms: SearchTerm[], source: Source, now: number) {
  let byList = keyLedReads.get(terms);
  if (!byList) {
    byList = new Map();
    keyLedReads.set(terms, byList);
  }
  const key = `${now}|${JSON.stringify(list)}`;
  let read = byList.get(key);
  if (!read) {
    read = sql<{ id: number }>`select complaints.id from ${source.from} ${whereOf(source.where)}
      order by complaints.id desc limit ${KEY_LED_MAX + 1}`
      .execute(ctx.database.db)
      .then(({ rows }) => (rows.length > KEY_LED_MAX ? null : rows.map((r) => Number(r.id))));
    byList.set(key, read);
  }
  return read;
}
const keyLedReads = new WeakMap<SearchTerm[], Map<string, Promise<number[] | null>>>();

const whereOf = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;

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
  const source = sourceOf(ctx.database.dialect, list, terms, await keyWords(ctx, terms), now);
  const before = q.before;
  const offset = before !== undefined ? 0 : (q.page - 1) * q.pageSize;
  const all = source.keyLed ? await keyLedIds(ctx, list, terms, source, now) : null;
  if (all) {
    const after = before === undefined ? all : all.filter((id) => id < before);
    const ids = after.slice(offset, offset + q.pageSize);
    return ids.length === 0
      ? []
      : (await rowsByIds(ctx.database, { ids })).sort(pageOrder({ overdue: false, period: false }));
  }
  const where = [...source.where];
  let order: RawBuilder<unknown>;
  if (list.overdue) {
    order = sql`complaints.due_at, complaints.id`;
    if (before !== undefined)
      where.push(
        sql`(complaints.due_at, complaints.id) > (select b.due_at, b.id from complaints b where b.id = ${before})`,
      );
  } else if (list.period) {
    order = sql`complaints.created_at desc, complaints.id desc`;
    if (before !== undefined)
      where.push(
        sql`(complaints.created_at, complaints.id) < (select b.created_at, b.id from complaints b where b.id = ${before})`,
      );
  } else {
    order = sql`${source.newestFirst} desc`;
    if (before !== undefined) where.push(sql`${source.newestFirst} < ${before}`);
  }
  const { rows: ids } = await sql<{ id: number }>`select complaints.id from ${source.from} ${whereOf(where)}
    order by ${order} limit ${q.pageSize} offset ${offset}`.execute(ctx.database.db);
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
  const source = sourceOf(ctx.database.dialect, list, terms, await keyWords(ctx, terms), now);
  const all = source.keyLed ? await keyLedIds(ctx, list, terms, source, now) : null;
  if (all) return all.length;
  const counted = source.textAlone
    ? sql<{ n: number }>`select count(*) as n from ${source.textAlone}`
    : sql<{ n: number }>`select count(*) as n from ${source.from} ${whereOf(source.where)}`;
  const { rows } = await counted.execute(ctx.database.db);
  return Number(rows[0]?.n ?? 0);
}
