import { MSG_GRIEVANCE, type TGrievanceListQuery, type TGrievancePage } from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { forbidden } from '../../lib/errors';
import { visibleGrievances } from '../../policy/grievances';
import type { UserRow } from '../accounts/users';
import { countedTotal } from './counts';
import { grievanceWithComplaint } from './grievance-queries';
import { viewerOf } from './read';
import { toGrievance } from './rows';

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
