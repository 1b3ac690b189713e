/**
 * V8 flags for the server's worker processes, measured on the benchmark's load (docs/performance-history.md):
 * - young-generation semispaces of 4 MB instead of 16: about 25 MB less per worker at the same
 *   throughput;
 * - an old generation of at most 128 MB. V8 lets garbage pile up in the old generation until a
 *   growing limit is reached, so a busy worker whose live heap is 30-60 MB swung up to 170 MB,
 *   and two workers with the supervisor peaked at 260-300 MB; with the cap about 175 MB in all,
 *   with no change in requests a second. A worker whose live data outgrew the cap would stop and
 *   be replaced by the supervisor.
 * A flag the operator set (in NODE_OPTIONS or on the command line; V8 reads `_` as `-`) wins.
 */
export function workerV8Flags(operatorFlags: string): string[] {
  const own = operatorFlags.replace(/_/g, '-');
  const flags: string[] = [];
  if (!/--(max|min)-semi-space-size\b/.test(own)) flags.push('--max-semi-space-size=4');
  if (!/--max-old-space-size\b|--max-heap-size\b/.test(own)) flags.push('--max-old-space-size=128');
  return flags;
}
