import { CONVERSATION_OPEN_DAYS } from './conversation-constants';
import { COMPLAINT_STATUSES, type TComplaintStatus } from './enums';

/** SPEC.md: Pending yellow, In Progress blue, Resolved green, anything else red. */
export function statusColour(status: TComplaintStatus | string): 'yellow' | 'blue' | 'green' | 'red' {
  if (status === 'Pending') return 'yellow';
  if (status === 'In Progress') return 'blue';
  if (status === 'Resolved') return 'green';
  return 'red';
}

/** The statuses that close a complaint; the others are open (and can be overdue, CONTRACT 5.5). */
export const CLOSED_STATUSES: readonly TComplaintStatus[] = ['Resolved', 'Rejected'];
/** Every status that does not close a complaint: derived, so a new status is open unless it is listed above. */
export const OPEN_STATUSES: readonly TComplaintStatus[] = COMPLAINT_STATUSES.filter(
  (status) => !CLOSED_STATUSES.includes(status),
);

export const isClosed = (status: TComplaintStatus | string): boolean =>
  (CLOSED_STATUSES as readonly string[]).includes(status);
export const isOpen = (status: TComplaintStatus | string): boolean =>
  (OPEN_STATUSES as readonly string[]).includes(status);

const MESSAGING_WINDOW_MS = CONVERSATION_OPEN_DAYS * 24 * 60 * 60 * 1000;

/**
 * The last instant (epoch ms) a complaint closed at `closedAt` still takes messages, photos and a
 * reopening (CONTRACT 5.2, 5.4: "for 14 days after"): that instant itself is still inside.
 */
export const messagingOpenUntil = (closedAt: number): number => closedAt + MESSAGING_WINDOW_MS;

/**
 * Whether a complaint takes messages and photos at `now`: always while open, and up to and including
 * messagingOpenUntil(closedAt) once closed (closedAt: its last change to Resolved or Rejected).
 */
export function mayStillMessage(status: TComplaintStatus | string, closedAt: number, now: number): boolean {
  return !isClosed(status) || now <= messagingOpenUntil(closedAt);
}
