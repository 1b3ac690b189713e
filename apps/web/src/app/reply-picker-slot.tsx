import type { TUser } from '@bit/contract';
import { Suspense } from 'react';
import type { TReplyPickerSlot } from '../features/complaints/components/reply-slot';
import { lazyWithRetry } from '../lib/lazy-with-retry';

// the picker's code (and its list's request) comes with the dialog or the box that shows it
const ReplyPicker = lazyWithRetry(() =>
  import('../features/replies/components/reply-picker').then((m) => ({ default: m.ReplyPicker })),
);

/**
 * CONTRACT 7.5: saved replies in the update dialog and the message box, for an approved authority
 * (the only one who updates complaints and keeps replies; a student writes their own words, an admin
 * only reads complaints).
 */
export function replyPickerFor(user: TUser): TReplyPickerSlot | undefined {
  if (user.role !== 'authority' || !user.approved) return undefined;
  return (insert, complaint) => (
    <Suspense fallback={null}>
      <ReplyPicker complaint={complaint} insert={insert} />
    </Suspense>
  );
}
