import {
  CONVERSATION_OPEN_DAYS,
  isClosed,
  MSG_CONVERSATION,
  mayStillMessage,
  PHOTO_MAX_BYTES,
  REOPEN_MAX,
  type TComplaint,
  type THistoryEntry,
} from '@bit/contract';

/**
 * CONTRACT 5.2 to 5.4 as the web app can judge them, to show only the controls that can work and to
 * say why the others are missing. The server decides in the end; these only spare a refusal.
 */

type TClosable = Pick<TComplaint, 'status' | 'updatedAt'> & { history?: readonly THistoryEntry[] };

/**
 * When the complaint was last resolved or rejected (ms), or null while it is Pending or In Progress.
 * From the last such history entry; a list row has no history, and its last update is that change
 * (messages and photos do not touch it).
 */
export function closedAt(c: TClosable): number | null {
  if (!isClosed(c.status)) return null;
  const last = c.history?.findLast((h) => isClosed(h.status));
  return Date.parse(last?.at ?? c.updatedAt);
}

/**
 * Messages and photos are taken while Pending or In Progress, and for 14 days after the closing change,
 * its last millisecond included: the contract's mayStillMessage, as the server judges it.
 */
export function isConversationOpen(c: TClosable, now = Date.now()): boolean {
  const closed = closedAt(c);
  return closed === null || mayStillMessage(c.status, closed, now);
}

export const CLOSED_FOR_MESSAGES_WHY = `Messages and photos close ${CONVERSATION_OPEN_DAYS} days after a complaint is resolved or rejected.`;

/** Why the student cannot reopen it, or null when the Reopen button may show. */
export type TReopenCheck = { reopenable: false; why: string | null } | { reopenable: true };

/**
 * Reopening (CONTRACT 5.4): a Resolved or Rejected complaint, within 14 days of that change, reopened
 * fewer than twice, without feedback. The student's own list and the complaint's page carry the
 * student's `rating`; where it is left out the server decides.
 * `why` is null for a complaint still Pending or In Progress, where reopening means nothing.
 */
export function reopenCheck(
  c: TClosable & Pick<TComplaint, 'reopenCount' | 'rating'>,
  now = Date.now(),
): TReopenCheck {
  const closed = closedAt(c);
  if (closed === null) return { reopenable: false, why: null };
  if (c.rating != null) return { reopenable: false, why: 'A complaint you have rated cannot be reopened.' };
  if (c.reopenCount >= REOPEN_MAX)
    return { reopenable: false, why: 'This complaint was already reopened twice, the most it can be.' };
  if (!mayStillMessage(c.status, closed, now))
    return {
      reopenable: false,
      why: `Reopening closes ${CONVERSATION_OPEN_DAYS} days after a complaint is ${c.status.toLowerCase()}.`,
    };
  return { reopenable: true };
}

const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
/** What the file pickers offer: on a phone, these types bring up the camera beside the gallery. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/**
 * The photos that can go up, and the others with the reason, before any byte is sent: the type as the
 * browser declares it (the server then checks the bytes), the size, and the room left on the complaint.
 */
export function checkPhotos(files: readonly File[], room: number) {
  const accepted: File[] = [];
  const refused: Array<{ name: string; why: string }> = [];
  for (const file of files) {
    // a type the browser does not know is left to the server, which reads the bytes
    if (file.type && !PHOTO_TYPES.includes(file.type))
      refused.push({ name: file.name, why: MSG_CONVERSATION.photoType });
    else if (file.size > PHOTO_MAX_BYTES)
      refused.push({ name: file.name, why: MSG_CONVERSATION.photoTooLarge });
    else if (accepted.length >= room) refused.push({ name: file.name, why: MSG_CONVERSATION.tooManyPhotos });
    else accepted.push(file);
  }
  return { accepted, refused };
}
