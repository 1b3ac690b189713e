/**
 * CONTRACT 7.2: at most 5 grievances a student a day, decided by one conditional write, holds when 60
 * arrive at once (on PostgreSQL, several connections); the numbers given are in order, with no gap
 * and no number twice.
 */
import { MSG_GRIEVANCE } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
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
      ),
    );
    const by: Record<number, number> = {};
    for (const a of answers) by[a.status] = (by[a.status] ?? 0) + 1;
    expect(by).toEqual({ 201: 5, 429: AT_ONCE - 5 });
    for (const a of answers.filter((r) => r.status === 429)) {
      expect(a.body.message).toBe(MSG_GRIEVANCE.quota);
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    const numbers = answers
      .filter((a) => a.status === 201)
      .map((a) => a.body.data.number as string)
      .sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((n) => `GRV-2026-00000${n}`));
  });

  it('gives 60 students submitting at once 60 different numbers, 6 to 65', async () => {
    const students = await Promise.all(Array.from({ length: AT_ONCE }, () => buildStudent(t)));
    const answers = await Promise.all(
      students.map((s) =>
        t.request({
          method: 'POST',
          url: '/api/grievances',
          token: s.token,
          payload: {
            category: 'Admission',
            subject: 'Admission letter',
            description: 'My admission letter names the wrong programme of study.',
          },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const numbers = answers.map((a) => Number(a.body.data.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: AT_ONCE }, (_, i) => i + 6));
  });
});
