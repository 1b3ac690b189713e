/** The q-quantile (0..1) of latencies in ms, to 0.01 ms (nearest-rank). */
export function quantile(latencies: number[], q: number): number {
  if (latencies.length === 0) return Number.NaN;
  const sorted = Float64Array.from(latencies).sort();
  const ms = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return Math.round(ms * 100) / 100;
}
