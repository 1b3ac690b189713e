import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@bit/contract';
import { type Id, ToastContainer, type ToastItem, toast } from 'react-toastify';

/** Below Tailwind's `sm`: a phone, where a toast is as wide as the screen. */
const PHONE_QUERY = '(max-width: 39.999rem)';
const onPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * On a phone one toast at a time: a new toast replaces the one shown (issue 33 row 15: three stacked
 * toasts covered the form under them for five seconds). The older one is dismissed, not queued
 * behind the new one as react-toastify's `limit` would, where it would come back later and stale.
 * At every width a success clears the error toasts still shown (issue 51 row 16: "Wrong code" beside
 * "Signed in"): what went wrong before is over once something went right.
 * Returns the function that stops it.
 */
export function keepOneToastOnPhones(
  toasts: {
    onChange: (cb: (item: ToastItem) => void) => () => void;
    dismiss: (id: Id) => void;
  } = toast,
  phone: () => boolean = onPhone,
): () => void {
  const shown = new Map<Id, ToastItem['type']>();
  return toasts.onChange((item) => {
    if (item.status === 'added') {
      const onPhoneNow = phone();
      for (const [id, type] of shown)
        if (id !== item.id && (onPhoneNow || (item.type === 'success' && type === 'error'))) {
          toasts.dismiss(id);
          shown.delete(id);
        }
      shown.set(item.id, item.type);
    } else if (item.status === 'removed') shown.delete(item.id);
  });
}

// from the moment this chunk loads, before the container mounts: toasts raised early count too
keepOneToastOnPhones();

/**
 * The toasts: SPEC's top right, 5000 ms, below the navigation bar at every width, so they never
 * cover the menu button or Logout (issue 51 row 16); on a phone one at a time (index.css). Loaded beside the entry chunk
 * (app/provider.tsx), with react-toastify.
 */
export function ToastHost() {
  return (
    <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop limit={TOAST_LIMIT} />
  );
}
