/**
 * Durations as histogram buckets, so that reports take medians and 90th percentiles by counting
 * rows per bucket in an index (GROUP BY in index order) instead of reading every row (decision
 * 0017). CONTRACT 5.6 allows a percentile to be off by at most 1 hour or 5%, whichever is larger:
 * below LINEAR_HOURS a bucket is one hour wide (its middle is at most 0.5 h away), above it each
 * bucket is RATIO times the one before (its geometric middle is at most 4.9% away).
 */
export const HOUR_MS = 3_600_000;
const LINEAR_HOURS = 20;
const RATIO = 1.1;
const LOG_RATIO = Math.log(RATIO);

/** The bucket of a duration in milliseconds (negative durations, from clock skew, count as 0). */
export function hourBucket(ms: number): number {
  const hours = Math.max(0, ms) / HOUR_MS;
  if (hours < LINEAR_HOURS) return Math.floor(hours);
  // the epsilon keeps an exact bucket edge (20 h, 22 h, ...) from falling below it by rounding
  return LINEAR_HOURS + Math.floor(Math.log(hours / LINEAR_HOURS) / LOG_RATIO + 1e-9);
}

/** The hours a bucket stands for: its middle. */
export function bucketHours(bucket: number): number {
  if (bucket < LINEAR_HOURS) return bucket + 0.5;
  return LINEAR_HOURS * RATIO ** (bucket - LINEAR_HOURS) * Math.sqrt(RATIO);
}

/** Counts per bucket. */
export type Histogram = Map<number, number>;

export function addTo(h: Histogram, bucket: number, n: number) {
  h.set(bucket, (h.get(bucket) ?? 0) + n);
}

/**
 * The p-th quantile (0..1) of a histogram, interpolated between the two ranks around it as
 * PostgreSQL's percentile_cont does (so the median of an even count is the mean of the middle
 * two), in hours with one decimal; null for an empty histogram.
 */
export function quantile(h: Histogram, p: number): number | null {
  let total = 0;
  for (const n of h.values()) total += n;
  const buckets = [...h.keys()].sort((a, b) => a - b);
  return interpolated(total, p, (rank) => {
    let seen = 0;
    for (const b of buckets) {
      seen += h.get(b) ?? 0;
      if (rank < seen) return bucketHours(b);
    }
    return bucketHours(buckets.at(-1) as number);
  });
}

/**
 * The p-th quantile (0..1) of durations in hours read whole, interpolated the same way, with one
 * decimal; null for none: the report's exact percentiles (services/complaints/report.ts).
 */
export function exactQuantile(hours: readonly number[], p: number): number | null {
  const sorted = [...hours].sort((a, b) => a - b);
  return interpolated(sorted.length, p, (rank) => sorted[rank] as number);
}

/** Between the values at the two ranks around (total - 1) * p, in hours with one decimal. */
function interpolated(total: number, p: number, valueAt: (rank: number) => number): number | null {
  if (total === 0) return null;
  const position = (total - 1) * p;
  const lower = Math.floor(position);
  const low = valueAt(lower);
  const high = position > lower ? valueAt(lower + 1) : low;
  return Math.round((low + (high - low) * (position - lower)) * 10) / 10;
}
