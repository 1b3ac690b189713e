import {
  INCIDENT_GROUP_HOURS,
  INCIDENT_GROUP_MIN,
  INCIDENT_LINK_MAX,
  type TIncidentGroup,
} from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { scopeCondition } from '../../policy/scope';
import type { UserRow } from '../accounts/users';
import { OPEN_SQL } from '../complaints/due';
import { incidentScope } from './incident';

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
