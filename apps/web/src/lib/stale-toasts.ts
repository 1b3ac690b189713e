import type { Id, ToastItem } from 'react-toastify';

/** What this needs of the app's data router: its state and a subscription to it. */
type TRouterState = { location: { pathname: string }; navigation: { state: string } };
export type TRouterLike = {
  state: TRouterState;
  subscribe: (listener: (state: TRouterState) => void) => () => void;
};

/**
 * A toast speaks of the screen it was raised on, or of the one it leads to ("toast, then navigate",
 * in one task): once the visitor is on another screen (another path; a change of the query alone, such
 * as a list's page or filter kept in the URL, stays on the screen) it is stale: "Invalid or expired
 * code" over the dashboard after a successful verification, or the signup's "a code has been sent"
 * there. So each finished navigation dismisses the toasts raised before it began, in an earlier task.
 * A toast raised for the next screen (SPEC's "Email verified successfully") stays. react-toastify is
 * loaded here on demand, as the toast container is, to keep it out of the entry chunk. Returns the
 * function that stops it.
 */
export function dismissStaleToasts(
  router: TRouterLike,
  loadToast: () => Promise<{
    toast: { onChange: (cb: (t: ToastItem) => void) => () => void; dismiss: (id: Id) => void };
  }> = () => import('react-toastify'),
  afterTask: (fn: () => void) => void = (fn) => {
    setTimeout(fn, 0);
  },
): () => void {
  // toasts and navigations in the order they happened
  let clock = 0;
  const shown = new Map<Id, number>();
  // the toasts raised by the task still running: "toast, then navigate" happens in one task, where a
  // toast of the screen being left was raised in an earlier one, however quick the visitor
  const fresh = new Set<Id>();
  let dismiss: ((id: Id) => void) | undefined;
  let stopToasts: (() => void) | undefined;
  let stopped = false;
  void loadToast().then(({ toast }) => {
    if (stopped) return;
    dismiss = (id) => toast.dismiss(id);
    stopToasts = toast.onChange((item) => {
      if (item.status === 'added') {
        shown.set(item.id, ++clock);
        fresh.add(item.id);
        afterTask(() => fresh.delete(item.id));
      } else if (item.status === 'removed') {
        shown.delete(item.id);
        fresh.delete(item.id);
      }
    });
  });

  type TNavigation = { at: number; fresh: Set<Id> };
  const begin = (): TNavigation => ({ at: ++clock, fresh: new Set(fresh) });
  let screen = router.state.location.pathname;
  let started: TNavigation | null = null;
  const stopRouter = router.subscribe((state) => {
    if (state.location.pathname === screen) {
      // a navigation began (a lazy screen loading), or ended without leaving (a loader's redirect back)
      if (state.navigation.state === 'idle') started = null;
      else started ??= begin();
      return;
    }
    screen = state.location.pathname;
    const navigation = started ?? begin();
    started = null;
    for (const [id, at] of shown) {
      if (at < navigation.at && !navigation.fresh.has(id)) {
        shown.delete(id);
        dismiss?.(id);
      }
    }
  });

  return () => {
    stopped = true;
    stopRouter();
    stopToasts?.();
  };
}
