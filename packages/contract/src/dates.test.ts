import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, instantFormat } from './dates';

// 24 Nov 2026, 08:35 UTC
const AT = Date.UTC(2026, 10, 24, 8, 35, 59);

describe('the instant format both apps write', () => {
  it('writes day, short month, year, a 24-hour time without seconds and the zone, in the zone given', () => {
    expect(instantFormat(DEFAULT_TIME_ZONE).format(AT)).toBe('24 Nov 2026, 14:05 IST');
    expect(instantFormat('UTC').format(AT)).toBe('24 Nov 2026, 08:35 UTC');
    // after noon stays on the 24-hour clock, and midnight is 00, not 24
    expect(instantFormat('UTC').format(Date.UTC(2026, 0, 1, 0, 7))).toBe('1 Jan 2026, 00:07 UTC');
    expect(instantFormat('UTC').format(Date.UTC(2026, 0, 1, 23, 7))).toBe('1 Jan 2026, 23:07 UTC');
  });

  it('makes one format a zone and refuses a zone that does not exist', () => {
    expect(instantFormat('Europe/Berlin')).toBe(instantFormat('Europe/Berlin'));
    expect(() => instantFormat('Mars/Olympus')).toThrow(RangeError);
  });

  it('defaults to the zone of CONTRACT 5.5', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
  });
});
