import { timeZone } from '../../../lib/dates';

// A hearing's time is typed as a day and a time on the institute's clock (TIME_ZONE, as every date
// the app shows), whatever the zone of the browser: a committee member abroad still sets 10:00 IST.

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function wallClock(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: n('year'), mo: n('month'), d: n('day'), h: n('hour'), mi: n('minute'), s: n('second') };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, zone: string) {
  const w = wallClock(ms, zone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

/** "2026-11-24T10:00" on the clock of `zone` as an ISO instant, or null when it is not such a text. */
export function instantOfLocal(local: string, zone = timeZone()): string | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // twice: the offset at the first guess may differ from the one at the answer (a change of summer time)
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone)).toISOString();
}

/** An instant as a datetime-local control's value on the clock of `zone`: "2026-11-24T10:00". */
export function localOfInstant(iso: string, zone = timeZone()): string {
  const w = wallClock(Date.parse(iso), zone);
  const p = (v: number) => String(v).padStart(2, '0');
  return `${w.y}-${p(w.mo)}-${p(w.d)}T${p(w.h)}:${p(w.mi)}`;
}
