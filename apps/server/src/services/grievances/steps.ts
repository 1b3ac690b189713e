import type { TDecisionRequest, THearingRequest } from '@bit/contract';
import { MSG_GRIEVANCE } from '@bit/contract';
import type { Ctx } from '../../context';
import { badRequest, conflict } from '../../lib/errors';
import { formatZoned } from '../../lib/zoned-time';
import type { UserRow } from '../accounts/users';
import { workingDaysTaken } from './calendar';
import { committeeRecipients } from './grievance-queries';
import { setColumns, takeStep } from './take-step';
import { membersToTell, tell, tellStudent } from './tell';

/** POST /api/grievances/{id}/hearing: a committee member sets (or moves) the hearing; the student is told when and where. */
export function scheduleHearing(ctx: Ctx, user: UserRow, id: number, input: THearingRequest) {
  const at = Date.parse(input.at);
  return takeStep(ctx, user, id, {
    by: ['committee'],
    from: ['Submitted', 'Hearing scheduled'],
    async apply(trx, row, now) {
      if (!(at > now)) throw badRequest(MSG_GRIEVANCE.atPast, 'at');
      await setColumns(trx, row, now, {
        status: 'Hearing scheduled',
        hearing_at: at,
        hearing_place: input.place,
        open_due_at: Number(row.due_at),
      });
      const when = formatZoned(at, ctx.config.timeZone);
      await tellStudent(ctx, trx, row, 'Hearing scheduled', 'Your hearing is scheduled.', now, [
        `When: ${when}`,
        `Where: ${input.place}`,
        'You may name someone to speak for you at the hearing, on the grievance’s page, before it begins.',
      ]);
      return { status: 'Hearing scheduled', note: `${when}, ${input.place}` };
    },
  });
}

/** PUT /api/grievances/{id}/representative: before the hearing, the student names who speaks for them (empty: no one). */
export function setRepresentative(ctx: Ctx, user: UserRow, id: number, name: string) {
  return takeStep(ctx, user, id, {
    by: ['student'],
    from: ['Hearing scheduled'],
    async apply(trx, row, now) {
      if (row.hearing_at === null || Number(row.hearing_at) <= now)
        throw conflict(MSG_GRIEVANCE.representativeAfterHearing);
      const value = name.trim() === '' ? null : name;
      await setColumns(trx, row, now, { representative: value });
      await tell(
        ctx,
        trx,
        await committeeRecipients(trx, [row.committee]),
        row,
        'Hearing scheduled',
        'The student named who speaks for them at the hearing.',
        now,
      );
      return {
        status: 'Hearing scheduled',
        note: value === null ? 'No representative' : `Representative: ${value}`,
      };
    },
  });
}

/** POST /api/grievances/{id}/decision: the committee decides; the student is told. */
export function decideGrievance(ctx: Ctx, user: UserRow, id: number, input: TDecisionRequest) {
  return takeStep(ctx, user, id, {
    by: ['committee'],
    from: ['Submitted', 'Hearing scheduled'],
    async apply(trx, row, now) {
      await setColumns(trx, row, now, {
        status: 'Decided',
        decision_working_days: await workingDaysTaken(ctx, trx, Number(row.created_at), now),
        decision_outcome: input.outcome,
        decision_text: input.text,
        decision_at: now,
        decision_by_name: user.name,
        decision_by_designation: user.designation,
        open_due_at: null,
      });
      await tellStudent(ctx, trx, row, 'Decided', 'The committee decided your grievance.', now);
      return { status: 'Decided', note: input.outcome };
    },
  });
}

/** POST /api/grievances/{id}/withdraw: the student withdraws before a decision. */
export function withdrawGrievance(ctx: Ctx, user: UserRow, id: number) {
  return takeStep(ctx, user, id, {
    by: ['student'],
    from: ['Submitted', 'Hearing scheduled'],
    async apply(trx, row, now) {
      await setColumns(trx, row, now, { status: 'Withdrawn', open_due_at: null });
      await tell(
        ctx,
        trx,
        await membersToTell(trx, row),
        row,
        'Withdrawn',
        'The student withdrew a grievance.',
        now,
      );
      return { status: 'Withdrawn', note: null };
    },
  });
}
