/** CONTRACT 5.5's default TIME_ZONE: the server's when none is configured, the web's until the server has said. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How the app writes an instant, on screen and in mails: "24 Nov 2026, 14:05 IST", the India locale (en-IN),
 * day month year, a 24-hour time without seconds and the zone's short name, in `timeZone` (the server's
 * TIME_ZONE, CONTRACT 5.5). Made once a zone; an unknown zone throws a RangeError.
 */
export function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    instantFormats.set(timeZone, format);
  }
  return format;
}
