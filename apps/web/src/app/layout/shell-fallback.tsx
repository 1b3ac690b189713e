import { shellHeadingAt } from '../../config/headings';

/**
 * What the server wrote into the shell's <main> (a screen's heading; with a session cookie, a heading
 * that names the user and the status page's complaint: apps/server, signed-in-page.ts), taken as this
 * module loads, before the app replaces the shell, so that the fallback shows the same nodes: what was
 * on screen stays there until the screen draws.
 */
const serverMain = [...(document.querySelector('#root .shell-main')?.childNodes ?? [])];
const serverMainAt = window.location.pathname + window.location.search;

/**
 * The static shell of index.html (its header and skeleton, styled by its own <style>), drawn by the
 * router while the first screen's code loads, so the page goes from the shell to the screen with
 * nothing in between. Keep the two the same: the server puts a screen's heading in place of the grey
 * bar (config/headings.ts), and so does this; what the server wrote for a signed-in user it keeps.
 */
export function ShellFallback() {
  const heading = shellHeadingAt(window.location.pathname);
  return (
    <div className="shell" aria-busy="true">
      <header className="shell-header">
        <div className="shell-bar">
          <span className="shell-logo">
            <span className="shell-badge" aria-hidden="true">
              BIT
            </span>
            <span>Mesra Complaints</span>
          </span>
        </div>
      </header>
      {serverMain.length > 0 && window.location.pathname + window.location.search === serverMainAt ? (
        // the server's own nodes, moved as they are (it wrote every value in them as text)
        <main className="shell-main" ref={(el) => el?.replaceChildren(...serverMain)} />
      ) : (
        <main className="shell-main">
          <p className="shell-offline" role="status">
            You are offline. Showing the saved app; connect to load your complaints.
          </p>
          {heading ? <h1 className="shell-heading">{heading}</h1> : <div className="shell-line" />}
          <div className="shell-card" />
          <div className="shell-card" />
          <div className="shell-card" />
        </main>
      )}
    </div>
  );
}
