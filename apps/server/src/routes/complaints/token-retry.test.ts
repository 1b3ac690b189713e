import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

// the first two tokens handed out are the same, so the second filing meets a unique clash
const issued = vi.hoisted(() => ({ tokens: ['CMP-AAAAAAAAAA', 'CMP-AAAAAAAAAA'] }));
vi.mock('../../lib/crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/crypto')>();
  return { ...actual, newComplaintToken: () => issued.tokens.shift() ?? actual.newComplaintToken() };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('complaint tokens', () => {
  it('retries with a new token when a generated token is already taken', async () => {
    const student = await buildStudent(t);
    const payload = { type: 'College', subType: 'Library', description: 'x' };
    const first = await t.request({ method: 'POST', url: '/api/complaints', token: student.token, payload });
    const second = await t.request({ method: 'POST', url: '/api/complaints', token: student.token, payload });
    expect(first.status).toBe(201);
    expect(first.body.token).toBe('CMP-AAAAAAAAAA');
    expect(second.status).toBe(201);
    expect(second.body.token).not.toBe('CMP-AAAAAAAAAA');
    const stats = await t.ctx.database.db
      .selectFrom('counters')
      .select('value')
      .where('key', '=', 'c:all:Pending')
      .executeTakeFirstOrThrow();
    // the failed attempt rolled back whole: counted once per complaint
    expect(Number(stats.value)).toBe(2);
    const history = await t.ctx.database.db.selectFrom('complaint_history').selectAll().execute();
    expect(history).toHaveLength(2);
  });
});
