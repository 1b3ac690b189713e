import { useLayoutEffect, useRef } from 'react';
import { focusMainHeading } from '../lib/focus';

/**
 * A ref for a list's row: when the row leaves the list while it holds focus (a complaint updated out
 * of the filtered list, under its Update button), focus goes to the screen's heading instead of the
 * page's body (issue 33 row 21). Only when the list itself stays: a row's link that leads to another
 * screen takes the whole list with it, and that screen decides.
 */
export function useFocusRescue<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // a layout effect's cleanup runs before the row is taken out of the page: focus is still in it
  useLayoutEffect(() => {
    const row = ref.current;
    return () => {
      const list = row?.parentElement;
      if (!row || !list || !row.contains(document.activeElement)) return;
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && list.isConnected) focusMainHeading();
      }, 0);
    };
  }, []);
  return ref;
}
