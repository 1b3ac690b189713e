import { GRIEVANCE_LIMITS, type TGrievance, type TGrievanceStatus } from '@bit/contract';

// CONTRACT 7.2's rules as the web app can judge them, to show only the actions that can work. The
// server decides in the end (services/grievances/: steps.ts, appeal.ts, messages.ts); these only
// spare a refusal.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last instant (ms) the student may appeal a decision: 15 days after it. */
export const appealUntil = (g: Pick<TGrievance, 'decision'>): number | null =>
  g.decision ? Date.parse(g.decision.at) + GRIEVANCE_LIMITS.appealDays * DAY_MS : null;

/** Before a decision the student may withdraw. */
export const mayWithdraw = (g: Pick<TGrievance, 'status'>) =>
  g.status === 'Submitted' || g.status === 'Hearing scheduled';

/** While a hearing is scheduled and has not begun, the student names who speaks for them. */
export const mayNameRepresentative = (g: Pick<TGrievance, 'status' | 'hearing'>, now = Date.now()) =>
  g.status === 'Hearing scheduled' && g.hearing !== null && Date.parse(g.hearing.at) > now;

/** An SGRC decision, within 15 days of it, may be appealed to the Ombudsperson. */
export function mayAppeal(g: Pick<TGrievance, 'status' | 'committee' | 'decision'>, now = Date.now()) {
  const until = appealUntil(g);
  return g.status === 'Decided' && g.committee === 'sgrc' && until !== null && now <= until;
}

/** The committee hears and decides while the grievance is Submitted or its hearing scheduled. */
export const committeeMayAct = (g: Pick<TGrievance, 'status'>) =>
  g.status === 'Submitted' || g.status === 'Hearing scheduled';

/** Messages close once withdrawn or finally decided, and 15 days after a decision not appealed. */
export function openForMessages(g: Pick<TGrievance, 'status' | 'decision'>, now = Date.now()) {
  if (g.status === 'Withdrawn' || g.status === 'Appeal decided') return false;
  if (g.status === 'Decided') return now <= (appealUntil(g) ?? 0);
  return true;
}

export const CLOSED_FOR_MESSAGES_WHY =
  'Messages close when a grievance is withdrawn or its appeal decided, and 15 days after a decision that is not appealed.';

/** What the student waits for now and until when (GRIEVANCE_NEXT's date), or null when nothing is awaited. */
export function nextBy(g: TGrievance): string | null {
  const by: Partial<Record<TGrievanceStatus, string | null>> = {
    Submitted: g.dueAt,
    'Hearing scheduled': g.dueAt,
    Decided: g.decision ? new Date(appealUntil(g) ?? 0).toISOString() : null,
    Appealed: g.appeal?.dueAt ?? null,
  };
  return by[g.status] ?? null;
}

/** A grievance waiting on its committee or the Ombudsperson past the deadline it waits on. */
export function isGrievanceOverdue(g: TGrievance, now = Date.now()) {
  const by = g.status === 'Appealed' ? g.appeal?.dueAt : g.status === 'Decided' ? null : g.dueAt;
  return (
    (g.status === 'Submitted' || g.status === 'Hearing scheduled' || g.status === 'Appealed') &&
    by != null &&
    Date.parse(by) <= now
  );
}
