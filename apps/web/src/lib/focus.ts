/**
 * Where focus goes after a form is sent (issue 33 row 21): a submit button is disabled while its
 * request runs, which drops focus to the page's body, and a keyboard or screen reader user then
 * starts again from the top. Each screen moves it on to what the sending produced: the new heading,
 * the token, the new notice.
 */

/** A callback ref that focuses its element once, when it is drawn (stable: not again on each render). */
export const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};

/**
 * Focuses the screen's heading (the `<h1>` in `<main>`), made focusable for it: where focus goes
 * when the control that had it is gone, such as a dialog's opener whose row left the list.
 */
export function focusMainHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
