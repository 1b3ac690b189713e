import { MSG_SECURITY } from '@bit/contract';
import { toast } from 'react-toastify';

/** Puts the text on the clipboard and says so; where the browser refuses, says to copy it by hand. */
export function copyText(text: string) {
  const done = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
  return done.then(
    () => void toast.success(MSG_SECURITY.copied),
    () => void toast.error(MSG_SECURITY.copyFailed),
  );
}
