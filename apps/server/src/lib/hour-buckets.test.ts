import { describe, expect, it } from 'vitest';
import {
  addTo,
  bucketHours,
  type Histogram,
  HOUR_MS,
  hourBucket,
  quantile,
  exactQuantile as readWhole,
} from './hour-buckets';

const h = (hours: number) => hours * HOUR_MS;
const tolerance = (x: number) => Math.max(1, 0.05 * x);

/** A histogram of durations given in hours. */
function histogramOf(hours: number[]): Histogram {
  const hist: Histogram = new Map();
  for (const x of hours) addTo(hist, hourBucket(h(x)), 1);
  return hist;
}

/** percentile_cont over exact values: what the buckets approximate. */
function exactQuantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return a + (b - a) * (pos - lo);
}

describe('hour buckets', () => {
  it('puts durations below 20 hours in one-hour buckets, from 0', () => {
    expect(hourBucket(0)).toBe(0);
    expect(hourBucket(h(0.999))).toBe(0);
    expect(hourBucket(h(1))).toBe(1);
    expect(hourBucket(h(2.5))).toBe(2);
    expect(hourBucket(h(19.999))).toBe(19);
  });

  it('counts a negative duration (clock skew) as zero', () => {
    expect(hourBucket(-5 * HOUR_MS)).toBe(0);
  });

  it('starts growing buckets at exactly 20 hours and each edge belongs to the bucket above it', () => {
    expect(hourBucket(h(20))).toBe(20);
    expect(hourBucket(h(20) - 1)).toBe(19);
    expect(hourBucket(h(21.9))).toBe(20);
    expect(hourBucket(h(22))).toBe(21);
    expect(hourBucket(h(24.2))).toBe(22);
    expect(hourBucket(h(24.19))).toBe(21);
  });

  it('gives a bucket the value of its middle', () => {
    expect(bucketHours(0)).toBe(0.5);
    expect(bucketHours(2)).toBe(2.5);
    expect(bucketHours(19)).toBe(19.5);
    // geometric middle of [20, 22)
    expect(bucketHours(20)).toBeCloseTo(20 * Math.sqrt(1.1), 9);
    expect(bucketHours(21)).toBeCloseTo(22 * Math.sqrt(1.1), 9);
  });

  it('is never further than 1 hour or 5% from the duration, 0.2 h to 8000 h', () => {
    const samples: number[] = [];
    for (let x = 0.2; x <= 8000; x *= 1.013) samples.push(x);
    samples.push(19.99, 20, 20.01, 21.99, 22, 100, 1000, 8000);
    for (const x of samples) {
      const err = Math.abs(bucketHours(hourBucket(h(x))) - x);
      expect(err, `${x} h`).toBeLessThanOrEqual(tolerance(x));
    }
    // bucket numbers only grow with the duration
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1] as number, samples[i] as number];
      if (a < b) expect(hourBucket(h(a))).toBeLessThanOrEqual(hourBucket(h(b)));
    }
  });

  it('has no quantile for an empty histogram', () => {
    expect(quantile(new Map(), 0.5)).toBeNull();
    expect(quantile(new Map(), 0.9)).toBeNull();
  });

  it('takes the middle value as the median of an odd count', () => {
    // 1.2 h, 2.7 h, 4.1 h fall in buckets 1, 2, 4: middles 1.5, 2.5, 4.5
    expect(quantile(histogramOf([4.1, 1.2, 2.7]), 0.5)).toBe(2.5);
  });

  it('takes the mean of the middle two as the median of an even count', () => {
    // middles 1.5, 2.5, 4.5, 10.5
    expect(quantile(histogramOf([1.2, 2.7, 4.1, 10.9]), 0.5)).toBe(3.5);
    expect(quantile(histogramOf([2.2, 4.9]), 0.5)).toBe(3.5);
  });

  it('interpolates the 90th percentile between ranks like percentile_cont', () => {
    // ten values, middles 0.5..9.5: position 8.1 -> 8.5 + 0.1 * (9.5 - 8.5) = 8.6
    const ten = histogramOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => x + 0.3));
    expect(quantile(ten, 0.9)).toBe(8.6);
    expect(quantile(histogramOf([5.5]), 0.9)).toBe(5.5);
    expect(quantile(histogramOf([5.5]), 0.5)).toBe(5.5);
  });

  it('counts repeated buckets by their weight', () => {
    const hist: Histogram = new Map();
    addTo(hist, 3, 5);
    addTo(hist, 7, 2);
    addTo(hist, 3, 1);
    expect(hist.get(3)).toBe(6);
    // 8 values: 6 x 3.5, 2 x 7.5; median at position 3.5 -> 3.5; p90 at 6.3 -> 7.5
    expect(quantile(hist, 0.5)).toBe(3.5);
    expect(quantile(hist, 0.9)).toBe(7.5);
  });

  it('stays within the tolerance of the exact percentiles for spread-out durations', () => {
    const values = [0.3, 2.2, 5, 13, 21, 30, 47, 80, 150, 333, 700, 1500, 4000];
    const hist = histogramOf(values);
    for (const p of [0.5, 0.9]) {
      const exact = exactQuantile(values, p);
      expect(Math.abs((quantile(hist, p) as number) - exact), `p${p * 100}`).toBeLessThanOrEqual(
        tolerance(exact) + 0.05,
      );
    }
  });

  it('takes percentiles of durations read whole as percentile_cont does, to one decimal (the report for a few complaints)', () => {
    expect(readWhole([], 0.5)).toBeNull();
    expect(readWhole([7.04], 0.9)).toBe(7);
    // 1, 2, 3, 10.25: median between 2 and 3; p90 at rank 2.7: 3 + 0.7 * 7.25
    expect(readWhole([10.25, 1, 3, 2], 0.5)).toBe(2.5);
    expect(readWhole([10.25, 1, 3, 2], 0.9)).toBe(8.1);
    const values = [0.3, 2.2, 5, 13, 21, 30, 47, 80, 150, 333, 700, 1500, 4000];
    for (const p of [0.5, 0.9])
      expect(readWhole(values, p)).toBe(Math.round(exactQuantile(values, p) * 10) / 10);
  });
});
