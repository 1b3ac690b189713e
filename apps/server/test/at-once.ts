import { expect } from 'vitest';

/**
 * Requests sent at once, to show that a limit holds when they arrive together: every request is started
 * before any answer is awaited, so on PostgreSQL they run side by side on several connections. A limit
 * decided by a read and then a write lets more through than it allows (issue 31); each test counts the
 * statuses and checks what was stored.
 */

export interface AtOnce<A> {
  /** every answer, in the order the requests were made */
  answers: A[];
  /** how many answers had each status, e.g. { 201: 20, 429: 40 } */
  statuses: Record<number, number>;
  /** the answers with one of these statuses, in order */
  with(...statuses: number[]): A[];
}

/** Makes `count` requests at once, `send(i)` the i-th, and answers them with their statuses counted. */
export async function atOnce<A extends { status: number }>(
  count: number,
  send: (i: number) => Promise<A>,
): Promise<AtOnce<A>> {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return { answers, statuses, with: (...wanted) => answers.filter((a) => wanted.includes(a.status)) };
}

/**
 * Calls a service `count` times at once (no route, so no process-local count stands in front of the
 * database's), and answers what each call returned and each error thrown.
 */
export async function callsAtOnce<T>(
  count: number,
  call: (i: number) => Promise<T>,
): Promise<{ returned: T[]; thrown: unknown[] }> {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, (_, i) => call(i)));
  return {
    returned: outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])),
    thrown: outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : [])),
  };
}

/**
 * Expects some refusals, each with exactly `{ message }` for its body and, when `retryAfter` is given,
 * that many seconds in its Retry-After.
 */
export function expectRefused(
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of every shape
  refused: { body: any; headers: Record<string, unknown> }[],
  message: string,
  retryAfter?: number,
) {
  expect(refused.length).toBeGreaterThan(0);
  for (const r of refused) {
    expect(r.body).toEqual({ message });
    if (retryAfter !== undefined) expect(Number(r.headers['retry-after'])).toBe(retryAfter);
  }
}
