import type { TComplaintStatus } from '@bit/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Ctx } from '../../context';
import type { Dialect } from '../../db/database';
import type { SearchTerm } from '../../lib/search-text';
import type { ScopeColumn } from '../../policy/scope';
import { OPEN_SQL } from './due';

/**
 * CONTRACT 6.2: a list narrowed by `q` (decision 0025), or to one incident's complaints (6.1: the
 * `incident_id` index, decision 0028). The list's own conditions come first and are the same ones its
 * pages use (the scope's column and value from policy/scope.ts through the list's page filter, then
 * status, overdue, period, incident), so a search never returns what the list would not; a
 * complaint is kept when each word of `q` matches it (AND), by one of:
 * - its token (unique index; tokens are upper case), roll number or room number, whole and
 *   case-insensitive (their lower(...) indexes, migrations 015 and 019);
 * - or every normalised part of the word begins a word of its search document (the student's name,
 *   description, remarks, messages): an FTS5 prefix query on SQLite, a tsquery of prefixes on
 *   PostgreSQL, both built here from letters and digits only, so no syntax of either can be typed.
 */

/** The list being searched: its column filter (a scope's or the admin's), and its own filters. */
export interface SearchedList {
  by: ScopeColumn | 'type' | 'assignee_id' | null;
  /** only the complaints assigned to no one (CONTRACT 7.5: `assignee=none`) */
  unassigned?: boolean | undefined;
  value: number | string;
  status?: TComplaintStatus | undefined;
  overdue?: boolean | undefined;
  period?: { start: number; end: number } | undefined;
  incident?: number | undefined;
}

/** Which of the exact keys a word of `q` is: some complaint's token, roll number, room number. */
export interface KeyKinds {
  token: boolean;
  roll: boolean;
  room: boolean;
}
const EVERY_KEY: KeyKinds = { token: true, roll: true, room: true };
const NO_KEY: KeyKinds = { token: false, roll: false, room: false };

/**
 * The complaints one word of `q` matches, as a subquery of ids (also an incident's list,
 * incidents.ts): its text's, and its keys' of the kinds it is (all three when not known). `within`:
 * the list's conditions on `complaints`, written into each key's lookup as well, so a key's
 * complaints outside the list are not read at all (the room index leads with the hostel,
 * migration 019) and the planner sees how few they are.
 */
export function termIds(
  dialect: Dialect,
  term: SearchTerm,
  kinds: KeyKinds = EVERY_KEY,
  within: RawBuilder<unknown>[] = [],
  textWithin = false,
): RawBuilder<number> {
  const key = term.raw.toLowerCase();
  const lookups = [
    kinds.token && sql`token = ${term.raw.toUpperCase()}`,
    kinds.roll && sql`lower(student_roll) = ${key}`,
    kinds.room && sql`lower(room_no) = ${key}`,
  ].flatMap((by) =>
    by ? [sql` union select id from complaints where ${sql.join([by, ...within], sql` and `)}`] : [],
  );
  const keys = sql.join(lookups, sql``);
  const inList = textWithin && within.length > 0;
  const also = inList ? sql` and ${sql.join(within, sql` and `)}` : sql``;
  if (dialect === 'postgres') {
    const query = term.parts.map((p) => `'${p}':*`).join(' & ');
    const from = inList
      ? sql`complaint_search join complaints on complaints.id = complaint_search.complaint_id`
      : sql`complaint_search`;
    return sql<number>`(select complaint_search.complaint_id as id from ${from} where complaint_search.doc @@ ${query}::tsquery${also}${keys})`;
  }
  const match = term.parts.map((p) => `"${p}"*`).join(' AND ');
  const from = inList
    ? sql`complaint_search cross join complaints on complaints.id = complaint_search.rowid`
    : sql`complaint_search`;
  return sql<number>`(select complaint_search.rowid as id from ${from} where complaint_search match ${match}${also}${keys})`;
}

/**
 * Which words of `q` are some complaint's token, roll or room number, and which of the three: one
 * statement of three index seeks a word. Those words keep their own set of ids (termIds); the
 * others are text alone.
 */
export async function probeKeys(ctx: Ctx, terms: SearchTerm[]): Promise<Map<SearchTerm, KeyKinds>> {
  if (terms.length === 0) return new Map();
  const probes = terms.map((term, i) => {
    const key = term.raw.toLowerCase();
    return sql`select ${sql.lit(i)} as i,
      exists (select 1 from complaints where token = ${term.raw.toUpperCase()}) as token,
      exists (select 1 from complaints where lower(student_roll) = ${key}) as roll,
      exists (select 1 from complaints where lower(room_no) = ${key}) as room`;
  });
  const { rows } = await sql<{ i: number; token: unknown; roll: unknown; room: unknown }>`${sql.join(
    probes,
    sql` union all `,
  )}`.execute(ctx.database.db);
  // SQLite answers 0 or 1, PostgreSQL a boolean
  const yes = (v: unknown) => v === true || Number(v) === 1;
  const keys = new Map<SearchTerm, KeyKinds>();
  for (const r of rows) {
    const kinds = { token: yes(r.token), roll: yes(r.roll), room: yes(r.room) };
    if (kinds.token || kinds.roll || kinds.room) keys.set(terms[Number(r.i)] as SearchTerm, kinds);
  }
  return keys;
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
  if (list.unassigned) conditions.push(sql`complaints.assignee_id is null`);
  return conditions;
}

/**
 * How a search reads (decision 0025): the statement's tables and conditions, and the column that
 * orders it newest first.
 * - `text`: when no word is a complaint's key (most searches), the words go into one query of the
 *   text index, walked newest first (FTS5 and the GIN-indexed table both by complaint id) and joined
 *   to the complaint for the list's conditions: a page stops after its rows, however many
 *   complaints a word is in.
 * - `keys`: when a word is a token, a roll or a room number, its complaints in the list (termIds:
 *   the key's, of the kinds the probe found, and the text's, each lookup with the list's conditions)
 *   are few and lead as a set of their own (`k`), joined to no walk of `complaints` (PostgreSQL's
 *   planner merge-joined a backward walk of the whole table to a roll number's 353 ids); another
 *   key word's set is a condition, any other word is checked on each of those complaints'
 *   documents (a word beginning with it), not read as a set of its own.
 * A list in due order or a period's, and an incident's complaints, take each word's set of ids as a
 * condition of the list's own walk. `newestFirst` is also the id the statement selects.
 */
export interface Source {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  newestFirst: RawBuilder<unknown>;
  /** no condition outside the text index: its ids, newest first, read from the text index alone */
  textAlone: RawBuilder<unknown> | null;
}

export function sourceOf(
  dialect: Dialect,
  list: SearchedList,
  terms: SearchTerm[],
  keys: Map<SearchTerm, KeyKinds>,
  now: number,
): Source {
  const conditions = listConditions(list, now);
  const text = terms.filter((t) => !keys.has(t));
  const parts = text.flatMap((t) => t.parts);
  const postgres = dialect === 'postgres';
  const idsOf = (t: SearchTerm) =>
    sql`complaints.id in ${termIds(dialect, t, keys.get(t) ?? NO_KEY, conditions)}`;
  // an incident's complaints (no word), or a list in due order or a period's
  if (list.overdue || list.period || terms.length === 0) {
    return {
      from: sql`complaints`,
      where: [...conditions, ...terms.map(idsOf)],
      newestFirst: sql`complaints.id`,
      textAlone: null,
    };
  }
  const [lead, ...otherKeys] = terms.filter((t) => keys.has(t));
  if (lead) {
    // the first key word's complaints in the list (its keys' and its text's, each lookup with the
    // list's conditions) lead, and nothing else is walked: any other key word's set is a condition,
    // any other word is looked for in each of those complaints' documents
    const inDocument =
      parts.length === 0
        ? []
        : postgres
          ? [sql`complaint_search.doc @@ ${parts.map((p) => `'${p}':*`).join(' & ')}::tsquery`]
          : parts.map((p) => sql`(' ' || complaint_search.doc) like ${`% ${p}%`}`);
    const documents =
      parts.length === 0
        ? sql``
        : postgres
          ? sql` join complaint_search on complaint_search.complaint_id = k.id`
          : sql` cross join complaint_search on complaint_search.rowid = k.id`;
    return {
      from: sql`${termIds(dialect, lead, keys.get(lead), conditions, true)} as k${documents}`,
      where: [
        ...otherKeys.map((t) => sql`k.id in ${termIds(dialect, t, keys.get(t), conditions)}`),
        ...inDocument,
      ],
      newestFirst: sql`k.id`,
      textAlone: null,
    };
  }
  if (postgres) {
    const match = sql`complaint_search.doc @@ ${parts.map((p) => `'${p}':*`).join(' & ')}::tsquery`;
    return {
      from: sql`complaint_search join complaints on complaints.id = complaint_search.complaint_id`,
      where: [match, ...conditions],
      newestFirst: sql`complaints.id`,
      textAlone:
        conditions.length === 0
          ? sql`select complaint_id as id from complaint_search where ${match} order by complaint_id desc`
          : null,
    };
  }
  // CROSS JOIN: SQLite walks the text index first, in its rowid (complaint id) order
  const match = sql`complaint_search match ${parts.map((p) => `"${p}"*`).join(' AND ')}`;
  return {
    from: sql`complaint_search cross join complaints on complaints.id = complaint_search.rowid`,
    where: [match, ...conditions],
    newestFirst: sql`complaint_search.rowid`,
    textAlone:
      conditions.length === 0
        ? sql`select rowid as id from complaint_search where ${match} order by rowid desc`
        : null,
  };
}

export const whereOf = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
