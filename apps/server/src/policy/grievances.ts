import type { TCommitteeKey } from '@bit/contract';
import { type ExpressionBuilder, type ExpressionWrapper, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Who may see a grievance (CONTRACT 7.2, 7.3). The one place the rule lives: the lookup, the list,
 * its search, every step and every mail about a grievance go through it, so that the confidential
 * cases of 7.3 are kept by changing nothing but this file. A grievance is seen by
 * - its student;
 * - the members of its committee (approved authorities now: a member whose approval is withdrawn
 *   sits on no committee meanwhile, decision 0030);
 * - the Ombudsperson, for an SGRC grievance once it is appealed (with its whole history);
 * - nobody else: not an admin (who gets 7.4's report), not another authority. To them it does not
 *   exist: 404.
 */

/** The user asking, with the committees they sit on now (services/grievances reads them). */
export type GrievanceViewer =
  | { kind: 'student'; userId: number }
  | { kind: 'member'; userId: number; committees: readonly TCommitteeKey[] }
  | { kind: 'none' };

/** The columns of a grievance the rule reads. */
export interface GrievanceKeys {
  student_id: number;
  committee: string;
  appeal_at: number | null;
}

export function grievanceViewer(
  user: { id: number; role: string },
  committees: readonly TCommitteeKey[],
): GrievanceViewer {
  if (user.role === 'student') return { kind: 'student', userId: Number(user.id) };
  if (user.role === 'authority' && committees.length > 0)
    return { kind: 'member', userId: Number(user.id), committees };
  return { kind: 'none' };
}

/**
 * The committees whose members see a grievance: its own, and the Ombudsperson's once an SGRC
 * grievance is appealed. Who is told of a grievance's events is drawn from these (and its student).
 */
export function committeesSeeing(g: GrievanceKeys): TCommitteeKey[] {
  const own = g.committee as TCommitteeKey;
  return g.committee === 'sgrc' && g.appeal_at !== null ? [own, 'ombudsperson'] : [own];
}

/** Whether the viewer may see the grievance at all (otherwise: 404). */
export function maySeeGrievance(viewer: GrievanceViewer, g: GrievanceKeys): boolean {
  if (viewer.kind === 'student') return Number(g.student_id) === viewer.userId;
  if (viewer.kind === 'member') return committeesSeeing(g).some((c) => viewer.committees.includes(c));
  return false;
}

/** The viewer's parts in a grievance it may see: what it may do there is decided by these. */
export function grievanceRoles(viewer: GrievanceViewer, g: GrievanceKeys) {
  const member = viewer.kind === 'member';
  return {
    student: viewer.kind === 'student' && Number(g.student_id) === viewer.userId,
    /** a member of the committee that hears it */
    committee: member && viewer.committees.includes(g.committee as TCommitteeKey),
    /** the Ombudsperson, on an appealed SGRC grievance */
    ombudsperson:
      member && viewer.committees.includes('ombudsperson') && committeesSeeing(g).includes('ombudsperson'),
  };
}

/**
 * visibleGrievances over the kept counts (services/grievances/counts.ts): whether a member's list
 * shows the grievances of a (committee, status). An SGRC grievance is appealed (appeal_at set)
 * exactly when its status is Appealed or Appeal decided: it reaches those from Decided by the appeal,
 * and leaves them for no other.
 */
export function countedInList(
  viewer: GrievanceViewer & { kind: 'member' },
  row: { committee: string; status: string },
): boolean {
  if (row.committee !== 'ombudsperson' && viewer.committees.includes(row.committee as TCommitteeKey))
    return true;
  return (
    viewer.committees.includes('ombudsperson') &&
    row.committee === 'sgrc' &&
    (row.status === 'Appealed' || row.status === 'Appeal decided')
  );
}

/**
 * maySeeGrievance in SQL, for lists and searches: the same three cases on the grievances table
 * (aliased `g`). A committee's own grievances walk (committee, …, id); the Ombudsperson's, the
 * appealed ones' partial index. `none` sees nothing.
 */
export function visibleGrievances(
  eb: ExpressionBuilder<DB & { g: DB['grievances'] }, 'g'>,
  viewer: GrievanceViewer,
): ExpressionWrapper<DB & { g: DB['grievances'] }, 'g', SqlBool> {
  if (viewer.kind === 'student') return eb('g.student_id', '=', viewer.userId);
  if (viewer.kind === 'none') return eb.val(sql<SqlBool>`1 = 0`) as never;
  const own = viewer.committees.filter((c) => c !== 'ombudsperson');
  const parts = [];
  if (own.length === 1) parts.push(eb('g.committee', '=', own[0]!));
  else if (own.length > 1) parts.push(eb('g.committee', 'in', own));
  if (viewer.committees.includes('ombudsperson'))
    parts.push(eb.and([eb('g.committee', '=', 'sgrc'), eb('g.appeal_at', 'is not', null)]));
  return parts.length === 1 ? parts[0]! : eb.or(parts);
}
