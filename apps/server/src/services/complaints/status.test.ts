import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readStatementCount } from '../../db/statement-count';
import { readAllCounters } from './counters';
import type { ComplaintRow } from './rows';
import { changeStatus, type StatusChange } from './status';

/**
 * changeStatus is the one way a status changes, in one mode: an authority's update and a student's
 * reopening are a batch of one, an incident's many complaints (CONTRACT 6.1) one batch of them all.
 */

let t: TestApp;
let warden: Built;
let students: Built[];
beforeAll(async () => {
  t = await createTestApp();
  warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
  students = [await buildStudent(t), await buildStudent(t)];
});
afterAll(async () => t.close());

async function fileOne(student: Built) {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: { type: 'Hostel', hostelNo: 5, roomNo: 'C-1', subType: 'Internet', description: 'No Wi-Fi' },
  });
  expect(res.status).toBe(201);
  return res.body.complaint as { id: number; token: string };
}

/** The statements `work` sent, by the process's counter. */
async function statementsOf(work: () => Promise<unknown>) {
  const before = readStatementCount();
  await work();
  return readStatementCount() - before;
}

describe('changeStatus', () => {
  it('keeps a request to update a status at 9 statements, 10 with a new remark, and a reopening at 11, its session included', async () => {
    const c = await fileOne(students[0]!);
    const put = (status: string) =>
      t.request({
        method: 'PUT',
        url: `/api/complaints/${c.id}`,
        token: warden.token,
        payload: { status, remarks: 'Checked' },
      });
    // a new remark's words are added to the search index (decision 0025)
    expect(await statementsOf(() => put('In Progress'))).toBe(10);
    expect(await statementsOf(() => put('Resolved'))).toBe(9);
    const reopen = () =>
      t.request({
        method: 'POST',
        url: `/api/complaints/${c.id}/reopen`,
        token: students[0]!.token,
        payload: { reason: 'Down again' },
      });
    // the reopening mails the one authority who worked on it; its reason is a new remark
    expect(await statementsOf(reopen)).toBe(11);
  });

  it('changes many complaints in one call at six statements whatever their number, counters written once, as a single update would', async () => {
    const filed = [];
    for (let i = 0; i < 6; i++) filed.push(await fileOne(students[i % 2]!));
    const ids = filed.map((c) => c.id);
    const countersBefore = await readAllCounters(t.ctx.database);
    const mailsBefore = await t.ctx.database.db.selectFrom('mail_outbox').select('id').execute();
    const change: StatusChange = {
      status: 'Resolved',
      remarks: 'Access point replaced',
      by: { id: warden.id, name: warden.user.name, role: 'authority', designation: 'Warden' },
      now: t.clock.now(),
    };
    let statements = 0;
    let returned: ComplaintRow[] = [];
    await t.ctx.database.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('complaints').selectAll().where('id', 'in', ids).execute();
      statements = await statementsOf(async () => {
        returned = await changeStatus(trx, t.ctx, rows, change);
      });
    });
    // the updates, the remark's words, the history lines, the counters, the students' addresses, the mails
    expect(statements).toBe(6);
    const searched = await t.request({
      method: 'GET',
      url: '/api/complaints/authority?q=replaced%20access',
      token: warden.token,
    });
    expect(searched.body.count).toBe(6);

    const after = await t.ctx.database.db
      .selectFrom('complaints')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    // the complaints as they now stand, and nothing else
    expect([...returned].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(after);
    for (const row of after) {
      expect(row).toMatchObject({
        status: 'Resolved',
        remarks: 'Access point replaced',
        assigned_name: warden.user.name,
        assigned_designation: 'Warden',
        closed_at: change.now,
        first_response_at: change.now,
      });
      expect(row.res_bucket).not.toBeNull();
    }
    const history = await t.ctx.database.db
      .selectFrom('complaint_history')
      .selectAll()
      .where('complaint_id', 'in', ids)
      .where('status', '=', 'Resolved')
      .execute();
    expect(history.map((h) => [h.by_id, h.remarks])).toEqual(
      ids.map(() => [warden.id, 'Access point replaced']),
    );
    const mails = await t.ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to_addr', 'subject'])
      .where('id', 'not in', mailsBefore.length ? mailsBefore.map((m) => m.id) : [0])
      .execute();
    expect(mails.map((m) => m.to_addr).sort()).toEqual(filed.map((_, i) => students[i % 2]!.email).sort());
    const counters = await readAllCounters(t.ctx.database);
    for (const scope of ['all', 'hostel:5', 'type:Hostel']) {
      expect(counters[`c:${scope}:Pending`]).toBe((countersBefore[`c:${scope}:Pending`] ?? 0) - 6);
      expect(counters[`c:${scope}:Resolved`]).toBe((countersBefore[`c:${scope}:Resolved`] ?? 0) + 6);
    }
  });
});
