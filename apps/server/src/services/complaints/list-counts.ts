import { isOpen, OPEN_STATUSES, type TComplaintStatus } from '@bit/contract';
import type { Ctx } from '../../context';
import { statusKeys } from './counts';
import { ASSIGNED_KEY, NOT_DUE_IN_STATUS_KEY, NOT_DUE_KEY, scopeCounts } from './list-counts.queries';
import type { PageFilter } from './list-page';

/**
 * A list's counters (the four statuses of `key`) and its filter's open complaints not due yet, of
 * every open status (`notDue`) and of `status` alone (when given and open), in one statement.
 * Overdue complaints under a filter now are its open ones (counters) less those not due yet
 * (overdue changes with the clock, so it has no counter of its own): overdueOf, never below 0,
 * should a filing land between the two reads.
 */
export async function countsOf(
  ctx: Ctx,
  filter: PageFilter,
  key: string,
  want: { notDue: boolean; status?: TComplaintStatus | undefined; assignee?: number | undefined },
  now: number,
) {
  const inStatus = want.status !== undefined && isOpen(want.status);
  const assigned = want.assignee !== undefined;
  const rows = await scopeCounts(
    ctx.database,
    { by: filter.by, notDue: want.notDue, inStatus, ...(assigned ? { assigned } : {}) },
    {
      keys: statusKeys(key),
      value: filter.value,
      status: want.status ?? 'Pending',
      now,
      assignee: want.assignee ?? 0,
    },
  );
  const counters: Record<string, number> = {};
  for (const r of rows) counters[r.key] = Number(r.value);
  return {
    counters,
    notDue: counters[NOT_DUE_KEY] ?? 0,
    notDueInStatus: counters[NOT_DUE_IN_STATUS_KEY] ?? 0,
    assigned: counters[ASSIGNED_KEY] ?? 0,
  };
}

export function overdueOf(
  counters: Record<string, number>,
  key: string,
  status: TComplaintStatus | undefined,
  notDue: number,
) {
  const statuses: readonly TComplaintStatus[] = status ? [status] : OPEN_STATUSES;
  if (!statuses.every(isOpen)) return 0;
  const open = statuses.reduce((sum, s) => sum + (counters[`c:${key}:${s}`] ?? 0), 0);
  return Math.max(0, open - notDue);
}

/** Whether a status (or every open one, when none is given) can hold overdue complaints. */
export const canBeOverdue = (status: TComplaintStatus | undefined) => !status || isOpen(status);
