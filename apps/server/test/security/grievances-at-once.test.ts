/**
 * CONTRACT 7.2: at most 5 grievances a student a day, decided by one conditional write, holds when 60
 * arrive at once (on PostgreSQL, several connections); the numbers given are in order, with no gap
 * and no number twice.
 */
import { MSG_GRIEVANCE } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce, expectRefused } from '../at-once';
import { buildStudent } from '../factories';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const AT_ONCE = 60;

describe('grievances submitted at once', () => {
  it('lets exactly 5 of 60 grievances from one student through, the rest 429, numbered 1 to 5', async () => {
    const student = await buildStudent(t);
    const burst = await atOnce(AT_ONCE, (i) =>
      t.request({
        method: 'POST',
        url: '/api/grievances',
        token: student.token,
        payload: {
          category: 'Scholarship',
          subject: `Scholarship ${i}`,
          description: 'The scholarship for this semester has not been paid yet.',
        },
      }),
    );
    expect(burst.statuses).toEqual({ 201: 5, 429: AT_ONCE - 5 });
    // all five were submitted at this very moment: the first of them turns a day old in 24 hours
    expectRefused(burst.with(429), MSG_GRIEVANCE.quota, 24 * 60 * 60);
    const numbers = burst
      .with(201)
      .map((a) => a.body.data.number as string)
      .sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((n) => `GRV-2026-00000${n}`));
  });

  it('gives 60 students submitting at once 60 different numbers, 6 to 65', async () => {
    const students = await Promise.all(Array.from({ length: AT_ONCE }, () => buildStudent(t)));
    const burst = await atOnce(AT_ONCE, (i) =>
      t.request({
        method: 'POST',
        url: '/api/grievances',
        token: students[i]!.token,
        payload: {
          category: 'Admission',
          subject: 'Admission letter',
          description: 'My admission letter names the wrong programme of study.',
        },
      }),
    );
    expect(burst.statuses).toEqual({ 201: AT_ONCE });
    const numbers = burst.answers.map((a) => Number(a.body.data.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: AT_ONCE }, (_, i) => i + 6));
  });
});
