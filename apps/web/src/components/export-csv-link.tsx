import { type MouseEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { useTimeZone } from '../hooks/use-time-zone';
import { errorMessage } from '../lib/api-client';
import { localDay } from '../lib/dates';
import { downloadFile } from '../lib/download';
import { buttonClass } from './ui/button';

const EXPORT_FAILED = 'The export could not be made. Please try again.';

/**
 * The name to save the file under should the answer not say (it does: Content-Disposition). It is the
 * contract's exportFileName, written out: importing it would bring the contract's report schemas, and
 * zod with them (25 KB gzipped), into every screen with this button. A test holds the two together.
 */
export const fallbackFileName = (day: string, period: { from?: string | null; to?: string | null } = {}) =>
  period.from
    ? `complaints-${period.from}-to-${period.to || day}.csv`
    : period.to
      ? `complaints-until-${period.to}.csv`
      : `complaints-${day}.csv`;

/** The fallback name of the export at `href`: its period read from its address. */
function fileNameOf(href: string) {
  const query = new URL(href, window.location.origin).searchParams;
  return fallbackFileName(localDay(), { from: query.get('from'), to: query.get('to') });
}

/**
 * "Export CSV": a real link to the export with the filters in its address (it can be copied, and
 * works without scripts when the session cookie is there); a click downloads it the way that works
 * for this session (lib/download.ts).
 */
export function ExportCsvLink({
  href,
  label = 'Export CSV',
  fileName,
}: {
  href: string;
  label?: string;
  /** the name to save it under should the answer not say; the complaint export's by default */
  fileName?: string;
}) {
  const [busy, setBusy] = useState(false);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // a modified click (new tab, save link as) is the browser's own business
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    downloadFile(href, fileName ?? fileNameOf(href))
      .catch((error: unknown) => toast.error(errorMessage(error, EXPORT_FAILED)))
      .finally(() => setBusy(false));
  }

  return (
    <a
      href={href}
      download
      onClick={onClick}
      aria-disabled={busy || undefined}
      className={buttonClass('secondary', busy ? 'cursor-progress opacity-60' : '')}
    >
      {busy ? 'Exporting...' : label}
    </a>
  );
}

/**
 * "Times in it are in Asia/Kolkata time (YYYY-MM-DD HH:MM:SS).": the zone the export writes its dates
 * in (the server's TIME_ZONE, CONTRACT 6.6), said beside the button, since the file does not say it.
 */
export function CsvTimesNote() {
  const zone = useTimeZone();
  return <>Times in it are in {zone} time (YYYY-MM-DD HH:MM:SS).</>;
}
