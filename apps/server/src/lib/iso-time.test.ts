import { describe, expect, it } from 'vitest';
import { isoFromMs } from './iso-time';

const viaDate = (ms: number) => new Date(ms).toISOString();

describe('isoFromMs', () => {
  it('writes the same text as Date.toISOString across leap years, month ends and the epoch', () => {
    const edges = [
      0, 1, 999, 1000, 59_999, 86_399_999, 86_400_000, 951_782_400_000 /* 2000-02-29 */, 951_868_799_999,
      4_107_542_399_999 /* 2100-02-28, not a leap year */, 4_107_542_400_000,
      1_767_225_599_999 /* 2025-12-31T23:59:59.999Z */, 253_402_300_799_999 /* 9999-12-31 */,
    ];
    for (const ms of edges) expect(isoFromMs(ms)).toBe(viaDate(ms));
  });

  it('agrees with Date.toISOString on every day from 1970 to 9999, at a different time of each', () => {
    const DAY = 86_400_000;
    const lastDay = Math.floor(253_402_300_799_999 / DAY);
    for (let day = 0; day <= lastDay; day++) {
      // a time of day that moves through hours, minutes, seconds and milliseconds
      const ms = day * DAY + ((day * 7_919_993) % DAY);
      const got = isoFromMs(ms);
      if (got !== viaDate(ms)) expect(got).toBe(viaDate(ms));
    }
  });

  it('leaves instants before 1970, after 9999 or between milliseconds to the Date API', () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 1.5]) expect(isoFromMs(ms)).toBe(viaDate(ms));
    expect(() => isoFromMs(Number.NaN)).toThrow(RangeError);
  });
});
