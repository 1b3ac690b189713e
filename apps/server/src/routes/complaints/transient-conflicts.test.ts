import { MSG } from '@bit/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * A filing PostgreSQL picks as a deadlock's victim (two instances' batches taking the report
 * rollup's rows in opposite orders: test/faults/two-instances.test.ts met one under load) was
 * answered 500. Its savepoint is rolled back, so it is filed again; a conflict that outlives the
 * retries is a 503 to try again, never a 500.
 */

let t: TestApp;

const payload = { type: 'College', subType: 'Library', description: 'The reading room lights flicker.' };

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

const filedBy = async (studentId: number) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('complaints')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('student_id', '=', studentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a filing that meets a transaction conflict', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('is filed again when the database picked it as a deadlock victim, and stored once', async () => {
    const student = await buildStudent(t);
    const batches = vi.spyOn(t.ctx.database, 'batchedTransaction').mockRejectedValueOnce(deadlock());
    const res = await t.request({ method: 'POST', url: '/api/complaints', token: student.token, payload });
    expect(res.status).toBe(201);
    expect(batches).toHaveBeenCalledTimes(2);
    expect(await filedBy(student.id)).toBe(1);
  });

  it('answers 503 with Retry-After, not 500, when the conflict outlasts the retries, and stores nothing', async () => {
    const student = await buildStudent(t);
    vi.spyOn(t.ctx.database, 'batchedTransaction').mockRejectedValue(
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
    );
    const res = await t.request({ method: 'POST', url: '/api/complaints', token: student.token, payload });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({ message: MSG.dbUnavailable });
    expect(await filedBy(student.id)).toBe(0);
  });
});
