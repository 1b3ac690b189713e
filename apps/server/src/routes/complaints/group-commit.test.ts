import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness';
import { COMPLAINTS_PER_DAY } from '../../services/complaints/file';

/**
 * Filings that arrive together share one transaction, each in its own savepoint (decision 0011).
 * A batch is held open here so that every filing of the test queues behind it and they all go into
 * the next one. PostgreSQL only: on SQLite's one connection, the held batch would hold up the
 * filings' session lookups too (db/database.test.ts shows SQLite's batching).
 */

const CLASH = 'CMP-BBBBBBBBBB';
// tokens handed out before the generated ones (an empty string: a generated one)
const issued = vi.hoisted(() => ({ tokens: [] as string[] }));
vi.mock('../../lib/crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/crypto')>();
  return { ...actual, newComplaintToken: () => issued.tokens.shift() || actual.newComplaintToken() };
});

let t: TestApp;

const payload = { type: 'Hostel', hostelNo: 2, roomNo: '12', subType: 'Fan', description: 'The fan hums.' };

const file = (token: string) => t.request({ method: 'POST', url: '/api/complaints', token, payload });

const count = async (table: 'complaints' | 'complaint_history' | 'mail_outbox') =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const pendingCounter = async () =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('counters')
        .select('value')
        .where('key', '=', 'c:all:Pending')
        .executeTakeFirst()
    )?.value ?? 0,
  );

if (TEST_DIALECT === 'postgres')
  describe('filings that arrive together (postgres)', () => {
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('share one transaction, and a token clash or a full quota in it fails that filing alone', async () => {
      await buildAuthority(t, 'Warden', { hostelNo: 2 });
      const students = await Promise.all(Array.from({ length: 5 }, () => buildStudent(t)));
      const full = await buildStudent(t);
      issued.tokens = [CLASH];
      for (let i = 0; i < COMPLAINTS_PER_DAY - 1; i++) expect((await file(full.token)).status).toBe(201);
      const before = {
        complaints: await count('complaints'),
        history: await count('complaint_history'),
        mails: await count('mail_outbox'),
        pending: await pendingCounter(),
      };

      // a batch held open until every filing below has queued behind it
      let release!: () => void;
      let started!: () => void;
      const inBatch = new Promise<void>((r) => {
        started = r;
      });
      const holding = t.ctx.database.batchedTransaction(async () => {
        started();
        await new Promise<void>((r) => {
          release = r;
        });
      });
      await inBatch;
      const transactions = vi.spyOn(t.ctx.database.db, 'transaction');
      const queued = vi.spyOn(t.ctx.database, 'batchedTransaction');
      // the third filing to queue is handed the token the first filing above already holds
      issued.tokens = ['', '', CLASH];
      const filings = [...students, full, full].map((s) => file(s.token));
      await vi.waitFor(() => expect(queued).toHaveBeenCalledTimes(7), { timeout: 5000, interval: 5 });
      release();
      await holding;
      const responses = await Promise.all(filings);

      const statuses = responses.map((r) => r.status);
      // the full student had room for one more
      expect(statuses.filter((s) => s === 201)).toHaveLength(6);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 201).map((r) => r.body.token)).not.toContain(CLASH);
      // the seven filings in one transaction, and the clashing one again, with a new token, in the next
      expect(queued).toHaveBeenCalledTimes(8);
      expect(transactions).toHaveBeenCalledTimes(2);
      // what the failures wrote was undone, and everything the others wrote was kept
      expect(await count('complaints')).toBe(before.complaints + 6);
      expect(await count('complaint_history')).toBe(before.history + 6);
      expect(await count('mail_outbox')).toBe(before.mails + 6);
      expect(await pendingCounter()).toBe(before.pending + 6);
      transactions.mockRestore();
      queued.mockRestore();
    });
  });
