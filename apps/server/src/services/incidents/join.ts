import {
  isOpen,
  MSG_INCIDENT,
  type TComplaint,
  type TComplaintStatus,
  type TJoinIncidentRequest,
} from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import type { UserRow } from '../accounts/users';
import { fileOne } from '../complaints/file';
import { changeStatus, type StatusActor } from '../complaints/status';
import type { IncidentRow } from './incident';

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
 * POST /api/incidents/{id}/join (student), "me too": a complaint of the student's own, of the
 * incident's category, linked, and as far along as the incident (an In Progress incident's complaint
 * is In Progress, by the incident's updater). Filed by the one filing (fileOne: the group commit, the
 * student's 20 a day, its history, search document and counters), and once per student and incident:
 * the incident_joins key decides, so of parallel joins one files and the others answer 409. The
 * authorities know of the incident already: no new-complaint mail.
 */
export async function joinIncident(
  ctx: Ctx,
  student: UserRow,
  id: number,
  input: TJoinIncidentRequest,
): Promise<{ token: string; complaint: TComplaint }> {
  const studentId = Number(student.id);
  // what the complaint is made of: an incident's title, type, place and category never change
  const made = await ctx.database.db
    .selectFrom('incidents')
    .select(['title', 'type', 'hostel_no', 'sub_type', 'is_network'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!made) throw notFound(MSG_INCIDENT.notFound);
  const isHostel = made.type === 'Hostel';
  let incident: IncidentRow | undefined;
  const filing = {
    type: made.type,
    hostelNo: isHostel ? Number(made.hostel_no) : null,
    roomNo: isHostel ? input.roomNo || student.room_no || '-' : null,
    subType: made.sub_type,
    isNetwork: Number(made.is_network),
    description: input.description?.trim() ? input.description : made.title,
    incident: { id, title: made.title },
  };
  return fileOne(ctx, student, filing, {
    before: async (trx, now) => {
      // locked for the batch on PostgreSQL (the filing's lockIncident): an update for all that
      // committed before is seen, so the new complaint is as far along as the incident (and a
      // closed one is refused)
      incident = await trx.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();
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
    },
    after: async (trx, row, now) => {
      await trx
        .updateTable('incident_joins')
        .set({ complaint_id: Number(row.id) })
        .where('incident_id', '=', id)
        .where('student_id', '=', studentId)
        .execute();
      await trx
        .updateTable('incidents')
        .set((eb) => ({ affected: eb('affected', '+', 1) }))
        .where('id', '=', id)
        .execute();
      if (!incident || incident.status === 'Pending') return row;
      // the student hears how far along it is, as every student of the incident did
      const [moved] = await changeStatus(trx, ctx, [row], {
        status: incident.status as TComplaintStatus,
        // marked as the incident's (issue 51): filed a minute ago, it was not acted on by the updater
        remarks: MSG_INCIDENT.fromIncident(id, incident.status, incident.remarks),
        by: incidentActor(incident),
        now,
      });
      return moved!;
    },
  });
}
