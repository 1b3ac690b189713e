import { grievancePath, type TGrievanceStatus } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { grievanceMail } from '../../delivery/mail/templates/grievances';
import { notify, type Recipient } from '../../delivery/notify';
import { committeesSeeing } from '../../policy/grievances';
import { committeeRecipients, studentRecipient } from './grievance-queries';
import type { GrievanceRow } from './rows';

/**
 * Telling people of a grievance's event (its mail and push through `notify`, in the step's
 * transaction): its committee's members, or its student. What the mail may say is grievanceMail's.
 */

const linkOf = (ctx: Ctx, id: number) => `${ctx.config.publicUrl}${grievancePath(id)}`;

/** The members of the committees that see the grievance (policy's committeesSeeing), as recipients. */
export const membersToTell = (trx: Transaction<DB>, row: GrievanceRow) =>
  committeeRecipients(trx, committeesSeeing(row));

export async function tell(
  ctx: Ctx,
  trx: Transaction<DB>,
  recipients: Recipient[],
  row: { id: number; number: string },
  status: TGrievanceStatus,
  what: string,
  now: number,
  detail: string[] = [],
) {
  const link = linkOf(ctx, Number(row.id));
  for (const r of recipients)
    await notify(trx, r, grievanceMail(r.email, r.name, row.number, status, what, link, detail), now);
}

export async function tellStudent(
  ctx: Ctx,
  trx: Transaction<DB>,
  row: GrievanceRow,
  status: TGrievanceStatus,
  what: string,
  now: number,
  detail: string[] = [],
) {
  const student = await studentRecipient(trx, Number(row.student_id));
  if (student) await tell(ctx, trx, [student], row, status, what, now, detail);
}
