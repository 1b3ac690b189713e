import { GRIEVANCE_LIMITS, MSG_GRIEVANCE, type TDecisionRequest } from '@bit/contract';
import type { Ctx } from '../../context';
import { conflict } from '../../lib/errors';
import type { UserRow } from '../accounts/users';
import { setColumns, takeStep } from './take-step';
import { membersToTell, tell, tellStudent } from './tell';

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/grievances/{id}/appeal: an SGRC decision, within 15 days, to the Ombudsperson (due 30 days later). */
export function appealGrievance(ctx: Ctx, user: UserRow, id: number, reason: string) {
  return takeStep(ctx, user, id, {
    by: ['student'],
    from: ['Decided'],
    async apply(trx, row, now) {
      if (row.committee !== 'sgrc') throw conflict(MSG_GRIEVANCE.appealSgrcOnly);
      if (now > Number(row.decision_at) + GRIEVANCE_LIMITS.appealDays * DAY_MS)
        throw conflict(MSG_GRIEVANCE.appealTimePassed);
      const dueAt = now + GRIEVANCE_LIMITS.appealDecisionDays * DAY_MS;
      await setColumns(trx, row, now, {
        status: 'Appealed',
        appeal_reason: reason,
        appeal_at: now,
        appeal_due_at: dueAt,
        open_due_at: dueAt,
      });
      await tell(
        ctx,
        trx,
        await membersToTell(trx, row),
        row,
        'Appealed',
        'A decision was appealed to the Ombudsperson.',
        now,
      );
      return { status: 'Appealed', note: null };
    },
  });
}

/** POST /api/grievances/{id}/appeal-decision: the Ombudsperson decides, finally; the student is told. */
export function decideAppeal(ctx: Ctx, user: UserRow, id: number, input: TDecisionRequest) {
  return takeStep(ctx, user, id, {
    by: ['ombudsperson'],
    from: ['Appealed'],
    async apply(trx, row, now) {
      await setColumns(trx, row, now, {
        status: 'Appeal decided',
        appeal_outcome: input.outcome,
        appeal_text: input.text,
        appeal_decided_at: now,
        appeal_by_name: user.name,
        appeal_by_designation: user.designation,
        open_due_at: null,
      });
      await tellStudent(ctx, trx, row, 'Appeal decided', 'The Ombudsperson decided your appeal.', now);
      return { status: 'Appeal decided', note: input.outcome };
    },
  });
}
