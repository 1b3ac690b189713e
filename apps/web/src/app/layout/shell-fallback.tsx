import { shellHeadingAt } from '../../config/headings';

/**
 * The complaint's summary the server wrote into the shell of the status page (apps/server: status-page.ts),
 * taken as this module loads, before the app replaces the shell, so that the fallback shows it too: the
 * complaint stays on screen from the page's arrival to the screen's own view of it.
 */
const serverSummary = document.querySelector('#root .shell-complaint');
const summaryAt = window.location.pathname + window.location.search;

/**
 * The static shell of index.html (its header and skeleton, styled by its own <style>), drawn by the
 * router while the first screen's code loads, so the page goes from the shell to the screen with
 * nothing in between. Keep the two the same: the server puts a screen's heading in place of the grey
 * bar (config/headings.ts), and so does this; and the status page's complaint in place of the cards.
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
      <main className="shell-main">
        <p className="shell-offline" role="status">
          You are offline. Showing the saved app; connect to load your complaints.
        </p>
        {heading ? <h1 className="shell-heading">{heading}</h1> : <div className="shell-line" />}
        {serverSummary && window.location.pathname + window.location.search === summaryAt ? (
          // the server's own markup, moved as it is (its values were written as text)
          <div ref={(el) => el?.replaceChildren(serverSummary)} />
        ) : (
          <>
            <div className="shell-card" />
            <div className="shell-card" />
            <div className="shell-card" />
          </>
        )}
      </main>
    </div>
  );
}
