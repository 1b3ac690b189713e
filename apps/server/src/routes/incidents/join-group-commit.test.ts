import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Built, buildAuthority, buildIncident, buildStudent, incidentOf } from '../../../test/factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness';
import { hostelComplaint } from '../complaints/test-helpers';

/**
 * Issue 50: "me too" (POST /api/incidents/{id}/join) is filed by the one filing, in the group commit
 * (decision 0011) as a student's own filing is, the student's and the incident's rows locked for the
 * batch; it restated the filing in a transaction of its own.
 */

const H = 7;
let t: TestApp;
let warden: Built;

beforeAll(async () => {
  t = await createTestApp();
  warden = await buildAuthority(t, 'Warden', { hostelNo: H });
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const join = (who: Built, id: number) =>
  t.request({ method: 'POST', url: `/api/incidents/${id}/join`, token: who.token, payload: {} });

const file = (who: Built) =>
  t.request({ method: 'POST', url: '/api/complaints', token: who.token, payload: hostelComplaint(H, 'Fan') });

describe(`"me too" (${TEST_DIALECT})`, () => {
  it('is filed in the group commit, with the student and the incident locked for the batch', async () => {
    const incident = await buildIncident(
      t,
      warden,
      incidentOf('Fans dead on floor 1', hostelComplaint(H, 'Fan')),
    );
    const student = await buildStudent(t);
    const batches = vi.spyOn(t.ctx.database, 'batchedTransaction');
    const res = await join(student, incident.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(batches).toHaveBeenCalledTimes(1);
    expect(batches.mock.calls[0]![1]).toMatchObject({ lockUser: student.id, lockIncident: incident.id });
  });
});

describe(`a "me too" complaint's words (${TEST_DIALECT})`, () => {
  it("are searchable as a filing's are, its incident's remark included", async () => {
    const incident = await buildIncident(
      t,
      warden,
      incidentOf('Fans dead on floor 3', hostelComplaint(H, 'Fan')),
    );
    const put = await t.request({
      method: 'PUT',
      url: `/api/incidents/${incident.id}`,
      token: warden.token,
      payload: { status: 'In Progress', remarks: 'Electrician summoned' },
    });
    expect(put.status).toBe(200);
    const student = await buildStudent(t);
    const res = await join(student, incident.id);
    expect(res.status).toBe(201);
    for (const q of ['electrician%20summoned', 'fans%20floor']) {
      const found = await t.request({
        method: 'GET',
        url: `/api/complaints/authority?q=${q}`,
        token: warden.token,
      });
      expect(
        found.body.data.map((c: { token: string }) => c.token),
        q,
      ).toContain(res.body.token);
    }
  });
});

if (TEST_DIALECT === 'postgres')
  describe('joins and a filing that arrive together (postgres)', () => {
    it('share one transaction, each join counted, linked and affected once', async () => {
      const incident = await buildIncident(
        t,
        warden,
        incidentOf('Fans dead on floor 2', hostelComplaint(H, 'Fan')),
      );
      const [a, b, filer] = await Promise.all([buildStudent(t), buildStudent(t), buildStudent(t)]);
      // a batch held open until the joins and the filing below have queued behind it
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
      const answers = [join(a!, incident.id), join(b!, incident.id), file(filer!)];
      await vi.waitFor(() => expect(queued).toHaveBeenCalledTimes(3), { timeout: 5000, interval: 5 });
      release();
      await holding;
      const responses = await Promise.all(answers);
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
      // the two joins and the filing in one transaction
      expect(transactions).toHaveBeenCalledTimes(1);
      const linked = await t.ctx.database.db
        .selectFrom('complaints')
        .select(['student_id', 'incident_title'])
        .where('incident_id', '=', incident.id)
        .execute();
      // sorted: the joins queue in the order their reads of the incident come back
      expect(linked.map((c) => [Number(c.student_id), c.incident_title]).sort()).toEqual(
        [
          [a!.id, 'Fans dead on floor 2'],
          [b!.id, 'Fans dead on floor 2'],
        ].sort(),
      );
      const row = await t.ctx.database.db
        .selectFrom('incidents')
        .select('affected')
        .where('id', '=', incident.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.affected)).toBe(2);
    });
  });
