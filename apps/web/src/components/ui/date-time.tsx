import { useTimeZone } from '../../hooks/use-time-zone';
import { formatDate, formatInstant, relativeAge } from '../../lib/dates';

/**
 * An instant as the app writes it (lib/dates.ts, in the server's TIME_ZONE): "24 Nov 2026, 14:05 IST",
 * or with `dateOnly` "24 Nov 2026". A <time> element, so the exact instant stays machine-readable.
 */
export function DateTime({
  iso,
  dateOnly = false,
  className,
}: {
  iso: string;
  dateOnly?: boolean;
  className?: string;
}) {
  useTimeZone();
  return (
    <time dateTime={iso} className={className}>
      {dateOnly ? formatDate(iso) : formatInstant(iso)}
    </time>
  );
}

/** How long ago: "3 days ago", where age matters (lists, cards). */
export function Age({ iso, className }: { iso: string; className?: string }) {
  useTimeZone();
  return (
    <time dateTime={iso} title={formatInstant(iso)} className={className}>
      {relativeAge(iso)}
    </time>
  );
}

/** A list's date: the day filed and, under it, how long ago ("24 Nov 2026", "3 days ago"). */
export function FiledOn({ iso }: { iso: string }) {
  return (
    <>
      <DateTime iso={iso} dateOnly className="block whitespace-nowrap" />
      <Age iso={iso} className="block text-xs whitespace-nowrap text-slate-500" />
    </>
  );
}
