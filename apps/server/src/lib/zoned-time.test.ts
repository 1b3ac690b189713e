import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './zoned-time';

/** The same reading, one Intl call per instant: what zonedDateTime's cached offsets must agree with. */
function slowly(ms: number, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

describe('zonedDateTime (the CSV export, CONTRACT 6.6)', () => {
  it('writes the wall-clock time in the zone to the second, as spreadsheets read dates', () => {
    // 19:23:49.081 UTC on 26 November is 00:53:49 on the 27th in India (issue 33 row 5)
    expect(zonedDateTime(Date.UTC(2026, 10, 26, 19, 23, 49, 81), 'Asia/Kolkata')).toBe('2026-11-27 00:53:49');
    expect(zonedDateTime(Date.UTC(2026, 10, 26, 19, 23, 49, 81), 'UTC')).toBe('2026-11-26 19:23:49');
    expect(zonedDateTime(Date.UTC(2026, 0, 1, 0, 0, 0), 'America/New_York')).toBe('2025-12-31 19:00:00');
  });

  it('follows a change of offset to the second (summer time, and an old change at an odd second)', () => {
    // London springs forward at 01:00 UTC on 29 March 2026
    expect(zonedDateTime(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/London')).toBe('2026-03-29 00:59:59');
    expect(zonedDateTime(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/London')).toBe('2026-03-29 02:00:00');
    // Monrovia left -00:44:30 for UTC at 00:44:30 UTC on 7 January 1972, inside a quarter hour
    for (const ms of [Date.UTC(1972, 0, 7, 0, 44, 29), Date.UTC(1972, 0, 7, 0, 44, 30)])
      expect(zonedDateTime(ms, 'Africa/Monrovia')).toBe(slowly(ms, 'Africa/Monrovia'));
  });

  it('agrees with a reading of each instant on its own, across zones and years', () => {
    const zones = [
      'Asia/Kolkata',
      'Europe/London',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 2000; k++) {
      const ms = Math.floor(Date.UTC(1975, 0, 1) + next() * (Date.UTC(2040, 0, 1) - Date.UTC(1975, 0, 1)));
      const zone = zones[k % zones.length] as string;
      expect(zonedDateTime(ms, zone), `${ms} in ${zone}`).toBe(slowly(ms, zone));
    }
  });
});
