/** Calendar dates and wall-clock times in a time zone (TIME_ZONE), for timed jobs and mails. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface ZonedParts {
  /** YYYY-MM-DD */
  day: string;
  /** minutes since local midnight */
  minuteOfDay: number;
}

/** The local calendar day and time of day of an instant in a zone. */
export function zonedParts(ms: number, zone: string): ZonedParts {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** "24 Nov 2026, 14:05 IST": how mails write a time, in the college's zone. */
export function formatZoned(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(ms);
}
