import { describe, expect, it } from 'vitest';
import { newComplaintToken } from './crypto';

describe('newComplaintToken', () => {
  it('draws every token afresh, across many refills of the random pool', () => {
    const tokens = Array.from({ length: 5000 }, () => newComplaintToken());
    for (const t of tokens) expect(t).toMatch(/^CMP-[A-HJ-NP-Z2-9]{10}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // 50,000 letters of a 32-letter alphabet: each about 1,560 times; a pool reused or left
    // unfilled (zeros are all 'A') would skew this far beyond chance
    const counts = new Map<string, number>();
    for (const t of tokens) for (const c of t.slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    for (const n of counts.values()) expect(n).toBeGreaterThan(1300);
    for (const n of counts.values()) expect(n).toBeLessThan(1850);
  });
});
