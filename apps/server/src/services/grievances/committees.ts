import {
  COMMITTEE_NAMES,
  COMMITTEES,
  MSG_COMMITTEES,
  OMBUDSPERSON_MEMBERS_MAX,
  type TCommittee,
  type TCommitteeKey,
  type TPublicCommittee,
  type TSetCommitteeRequest,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { badRequest } from '../../lib/errors';
import { type AuditSource, recordAudit } from '../oversight/audit';
import { clearCommittee, committeeMembers, lockCommittee, seatIfApprovedAuthority } from './queries';

type MemberRow = Awaited<ReturnType<typeof committeeMembers>>[number];

function toCommittees(rows: MemberRow[], only?: TCommitteeKey): TCommittee[] {
  const keys = only ? [only] : COMMITTEES;
  return keys.map((committee) => ({
    committee,
    name: COMMITTEE_NAMES[committee],
    members: rows
      .filter((r) => r.committee === committee)
      .map((r) => ({
        userId: Number(r.user_id),
        name: r.name,
        designation: r.designation ?? '',
        chair: Number(r.chair) === 1,
      })),
  }));
}

/** The admin's view (CONTRACT 7.2): every committee with its members' user ids. */
export async function listCommittees(ctx: Ctx): Promise<TCommittee[]> {
  return toCommittees(await committeeMembers(ctx.database.db));
}

/**
 * CONTRACT 7.2, GET /api/committees (anyone): names and designations only. Written field by field
 * rather than by dropping the rest, so that no column added to the member rows later reaches a
 * visitor.
 */
export async function listPublicCommittees(ctx: Ctx): Promise<TPublicCommittee[]> {
  return (await listCommittees(ctx)).map((c) => ({
    committee: c.committee,
    name: c.name,
    members: c.members.map((m) => ({ name: m.name, designation: m.designation, chair: m.chair })),
  }));
}

/**
 * CONTRACT 7.2: replaces a committee's members. The body's rules (no one twice, one chair when
 * there are members) are the contract schema's; here the Ombudsperson is at most one, and each
 * member is seated only if an approved authority at that moment (one conditional write each; the
 * first refused rolls everything back, naming `members.<i>.userId`). Audited `committee.update`,
 * target `{ type: 'committee', id: 'sgrc' }` (the audit log's target ids are text).
 */
export async function setCommittee(
  ctx: Ctx,
  by: AuditSource,
  committee: TCommitteeKey,
  members: TSetCommitteeRequest['members'],
): Promise<TCommittee> {
  if (committee === 'ombudsperson' && members.length > OMBUDSPERSON_MEMBERS_MAX)
    throw badRequest(MSG_COMMITTEES.ombudspersonOne, 'members');
  const now = ctx.clock.now();
  const rows = await ctx.database.db.transaction().execute(async (trx) => {
    await lockCommittee(trx, committee, now);
    await clearCommittee(trx, committee);
    for (const [i, m] of members.entries()) {
      if (!(await seatIfApprovedAuthority(trx, committee, m.userId, m.chair)))
        throw badRequest(MSG_COMMITTEES.notApprovedAuthority, `members.${i}.userId`);
    }
    await recordAudit(trx, {
      ...by,
      action: 'committee.update',
      target: { type: 'committee', id: committee },
      at: now,
    });
    return committeeMembers(trx, committee);
  });
  return toCommittees(rows, committee)[0] as TCommittee;
}
