import type { TComplaint } from '@bit/contract';
import type { ReactNode } from 'react';

/**
 * CONTRACT 7.5: where the update dialog and the message box offer saved replies. The picker belongs to
 * another feature, so src/app/routes composes it in through this slot: it gets `insert`, which puts a
 * text into the box (still editable), and the complaint whose student and token it fills in.
 */
export type TReplyPickerSlot = (
  insert: (text: string) => void,
  complaint: { token: string; student?: TComplaint['student'] | undefined },
) => ReactNode;

/** The box's text with a picked reply put in: the reply alone in an empty box, else after a new line. */
export const withReply = (current: string, text: string) => (current.trim() ? `${current}\n${text}` : text);
