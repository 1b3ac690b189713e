/**
 * The web app's static shell (apps/web/index.html) as the server writes into it: the same for
 * every visitor (plugins/external/web-app.ts) or for the signed-in user (plugins/app/signed-in-page.ts).
 */

/** The skeleton's grey bar where a heading goes (apps/web/index.html). */
const SHELL_LINE = '<div class="shell-line"></div>';

/** Text as HTML: no character of it can start markup or end an attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A heading in place of the shell's grey bar, as text. */
export const withHeading = (page: string, heading: string) =>
  page.replace(SHELL_LINE, () => `<h1 class="shell-heading">${escapeHtml(heading)}</h1>`);
