import { SEARCH_COUNT_MAX, type TPageQuery } from '@bit/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Ctx } from '../../context';
import type { SearchTerm } from '../../lib/search-text';
import { pageOrder, rowsByIds } from './queries';
import type { ShownComplaint } from './rows';
import { probeKeys, type SearchedList, type Source, sourceOf, whereOf } from './search.queries';

/**
 * CONTRACT 6.2: a list narrowed by `q`, or to one incident's complaints (decisions 0025, 0028): its
 * page and its count, read from the statement search.queries.ts builds.
 */

/** A narrowed list's page, and how many complaints it holds: more than `count` when `countAtLeast`. */
export interface Matched {
  rows: ShownComplaint[];
  count: number;
  countAtLeast: boolean;
}

const bounded = (found: number) =>
  found > SEARCH_COUNT_MAX
    ? { count: SEARCH_COUNT_MAX, countAtLeast: true }
    : { count: found, countAtLeast: false };

/**
 * A search's or an incident's page and count (lists.ts). An incident's complaints are counted
 * whole. A search counts up to SEARCH_COUNT_MAX (decision 0025): newest first, its first
 * SEARCH_COUNT_MAX + 1 ids are read once, in one statement, for both the page and the count (a
 * page past them reads on its own); in due order or a period's, the count stops there.
 */
export async function matchingList(
  ctx: Ctx,
  list: SearchedList,
  terms: SearchTerm[] | null,
  q: TPageQuery,
  now: number,
): Promise<Matched> {
  if (!terms) return { rows: [], count: 0, countAtLeast: false };
  const source = sourceOf(ctx.database.dialect, list, terms, await probeKeys(ctx, terms), now);
  if (terms.length === 0 || list.overdue || list.period) {
    const whole = terms.length === 0;
    const [rows, found] = await Promise.all([
      pageOfSource(ctx, list, source, q),
      countOf(ctx, source, whole ? null : SEARCH_COUNT_MAX + 1),
    ]);
    return { rows, ...(whole ? { count: found, countAtLeast: false } : bounded(found)) };
  }
  const read =
    source.textAlone ??
    sql`select ${source.newestFirst} as id from ${source.from} ${whereOf(source.where)} order by ${source.newestFirst} desc`;
  const { rows: first } = await sql<{ id: number }>`${read} limit ${SEARCH_COUNT_MAX + 1}`.execute(
    ctx.database.db,
  );
  const ids = first.map((r) => Number(r.id));
  const counted = bounded(ids.length);
  const before = q.before;
  const after = before === undefined ? ids : ids.filter((id) => id < before);
  const start = before === undefined ? (q.page - 1) * q.pageSize : 0;
  if (!counted.countAtLeast || start + q.pageSize <= after.length) {
    const onPage = after.slice(start, start + q.pageSize);
    const rows = onPage.length === 0 ? [] : await rowsByIds(ctx.database, { ids: onPage });
    return { rows: rows.sort(pageOrder({ overdue: false, period: false })), ...counted };
  }
  return { rows: await pageOfSource(ctx, list, source, q), ...counted };
}

/** How many complaints a source holds; at most `limit` when one is given. */
async function countOf(ctx: Ctx, source: Source, limit: number | null): Promise<number> {
  const all = sql`select 1 as one from ${source.from} ${whereOf(source.where)}`;
  const counted =
    limit === null
      ? sql<{ n: number }>`select count(*) as n from ${source.from} ${whereOf(source.where)}`
      : sql<{ n: number }>`select count(*) as n from (${all} limit ${limit}) as found`;
  const { rows } = await counted.execute(ctx.database.db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of a search or an incident's list, in the list's order (newest first; overdue: most overdue first; a period:
 * newest first by filing time), by number or after `before` (that complaint's place in the order).
 * `terms` null: `q` had no word to look for, and nothing matches. The export's batches (export.ts).
 */
export async function matchingPage(
  ctx: Ctx,
  list: SearchedList,
  terms: SearchTerm[] | null,
  q: TPageQuery,
  now: number,
): Promise<ShownComplaint[]> {
  if (!terms) return [];
  const source = sourceOf(ctx.database.dialect, list, terms, await probeKeys(ctx, terms), now);
  return pageOfSource(ctx, list, source, q);
}

async function pageOfSource(
  ctx: Ctx,
  list: SearchedList,
  source: Source,
  q: TPageQuery,
): Promise<ShownComplaint[]> {
  const before = q.before;
  const offset = before !== undefined ? 0 : (q.page - 1) * q.pageSize;
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
  const { rows: ids } = await sql<{
    id: number;
  }>`select ${source.newestFirst} as id from ${source.from} ${whereOf(where)}
    order by ${order} limit ${q.pageSize} offset ${offset}`.execute(ctx.database.db);
  if (ids.length === 0) return [];
  const rows = await rowsByIds(ctx.database, { ids: ids.map((r) => Number(r.id)) });
  return rows.sort(pageOrder({ overdue: list.overdue === true, period: list.period !== undefined }));
}
