import { useCallback, useRef } from 'react';
import { useLocation } from 'react-router';

type TArrivalState = { focus?: unknown };

/**
 * The navigation state that asks the next screen to focus what `target` names once it is drawn:
 * `navigate(path, { state: arrivalFocus('complaint') })` (issue 33 row 21).
 */
export const arrivalFocus = (target: string): TArrivalState => ({ focus: target });

/**
 * A callback ref that focuses its element when the screen was reached with `arrivalFocus(target)`,
 * once per navigation: the element may be drawn only when its data comes, and a later render, or the
 * same element drawn again, leaves focus where the visitor has since moved it.
 */
export function useArrivalFocus(target: string) {
  const { state, key } = useLocation();
  const wanted = (state as TArrivalState | null)?.focus === target;
  const done = useRef<string | null>(null);
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || !wanted || done.current === key) return;
      done.current = key;
      element.focus();
    },
    [wanted, key],
  );
}
