import { SEARCH_COUNT_MAX } from '@bit/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Built,
  buildAdmin,
  buildAuthority,
  buildIncident,
  buildStudent,
  complaintRow,
  incidentOf,
  insertComplaints,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { reindexAllComplaints } from '../../db/search-index';

/**
 * CONTRACT 6.2 on both dialects, a search matching more complaints than it counts (decision 0025,
 * SEARCH_COUNT_MAX 1,000): its count stops there and says so (`countAtLeast`), its pages go on past
 * it, by number and by `before=`, in the same order; fewer than that are counted exactly.
 */
let t: TestApp;
let admin: Built;
let warden: Built;
let student: Built;
const ROOM = 'Z-9';
const MANY = 2005;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
  student = await buildStudent(t);
  const now = t.clock.now();
  // rows written directly (2,005 filings through the API would hit the daily limit), then indexed
  const rows = Array.from({ length: MANY }, (_, i) =>
    complaintRow(t, student, {
      hostel_no: i % 5 === 0 ? 4 : 3,
      room_no: ROOM,
      sub_type: 'Fan',
      description: i % 2 === 0 ? 'Fan blade broken' : 'Fan regulator loose',
      created_at: now + i,
      updated_at: now + i,
      // overdue once the clock has moved 1,000 s on
      due_at: now + 1000,
    }),
  );
  await insertComplaints(t, rows);
  await reindexAllComplaints(t.ctx.database.db, t.ctx.database.dialect);
});
afterAll(async () => t.close());

type Found = {
  count: number;
  countAtLeast?: true;
  data: { id: number; roomNo: string; hostelNo: number }[];
};

async function search(who: Built, list: string, q: string, extra = '') {
  const url = `/api/complaints/${list}?q=${encodeURIComponent(q)}${extra}`;
  const res = await t.request({ method: 'GET', url, token: who.token });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as Found;
}

/** Every page of a search by `before=`, 100 at a time: all its ids, newest first. */
async function everyId(who: Built, list: string, q: string) {
  const ids: number[] = [];
  for (;;) {
    const before = ids.length === 0 ? '' : `&before=${ids.at(-1)}`;
    const page = await search(who, list, q, `&pageSize=100${before}`);
    if (page.data.length === 0) return ids;
    ids.push(...page.data.map((c) => c.id));
  }
}

const counted = (found: Found) => ({ count: found.count, countAtLeast: found.countAtLeast ?? false });
const more = { count: SEARCH_COUNT_MAX, countAtLeast: true };

it('counts a key word up to the limit and says there are more, and pages past the limit in one order', async () => {
  const all = await search(admin, 'admin/all', 'z-9', '&pageSize=50');
  expect(counted(all)).toEqual(more);
  const ids = await everyId(admin, 'admin/all', 'z-9');
  expect(ids).toHaveLength(MANY);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  expect(all.data.map((c) => c.id)).toEqual(ids.slice(0, 50));
  // by number: inside the count's read, across its end, and past it (pages of 100: the 11th holds the 1,001st)
  for (const n of [10, 11, 12, 21]) {
    const page = await search(admin, 'admin/all', 'z-9', `&pageSize=100&page=${n}`);
    expect(
      page.data.map((c) => c.id),
      `page ${n}`,
    ).toEqual(ids.slice((n - 1) * 100, n * 100));
    expect(counted(page)).toEqual(more);
  }
  // by before=: from inside the read to past it
  const across = await search(admin, 'admin/all', 'z-9', `&pageSize=100&before=${ids[949]}`);
  expect(across.data.map((c) => c.id)).toEqual(ids.slice(950, 1050));
  // with a word every one of them has, through the documents
  const fan = await search(admin, 'admin/all', 'z-9 fan', '&pageSize=50');
  expect(counted(fan)).toEqual(more);
  expect(fan.data.map((c) => c.id)).toEqual(ids.slice(0, 50));
  expect(counted(await search(admin, 'admin/all', 'z-9 blade'))).toEqual(more); // 1,003
  // hostel 3's: four in five (1,604); with a word, half of those: 802, counted exactly
  expect(counted(await search(warden, 'authority', 'z-9'))).toEqual(more);
  const withWord = await search(warden, 'authority', 'Z-9 brok', '&pageSize=10');
  expect(counted(withWord)).toEqual({ count: 802, countAtLeast: false });
  expect(withWord.data.every((c) => c.hostelNo === 3 && c.roomNo === ROOM)).toBe(true);
});

it('counts words of the text alone up to the limit, on every list, and in a period or due order', async () => {
  // the admin's text alone (no condition outside the text index): 2,005 and 1,003 matches
  const fan = await search(admin, 'admin/all', 'fan');
  expect(counted(fan)).toEqual(more);
  expect(fan.data.map((c) => c.id)).toEqual((await everyId(admin, 'admin/all', 'z-9')).slice(0, 20));
  expect(counted(await search(admin, 'admin/all', 'blade'))).toEqual(more);
  // the warden's and the student's lists, with their scope
  expect(counted(await search(warden, 'authority', 'brok'))).toEqual({ count: 802, countAtLeast: false });
  expect(counted(await search(warden, 'authority', 'fan'))).toEqual(more);
  expect(counted(await search(student, 'student', 'fan'))).toEqual(more);
  expect(counted(await search(student, 'student', 'nothingmatches'))).toEqual({
    count: 0,
    countAtLeast: false,
  });
  // a period's list and a list in due order count up to the limit too
  const period = '&from=2026-01-15&to=2026-01-15';
  expect(counted(await search(admin, 'admin/all', 'fan', period))).toEqual(more);
  expect(counted(await search(admin, 'admin/all', 'blade', `${period}&status=Pending`))).toEqual(more);
  const inHostel4 = await search(admin, 'admin/all', 'blade', `${period}&hostelNo=4`);
  expect(counted(inHostel4)).toEqual({ count: 201, countAtLeast: false });
  t.clock.advance(2000 * 1000);
  const overdue = await search(admin, 'admin/all', 'fan', '&overdue=true&pageSize=100&page=11');
  expect(counted(overdue)).toEqual(more);
  expect(overdue.data).toHaveLength(100);
  expect(counted(await search(warden, 'authority', 'brok', '&overdue=true'))).toEqual({
    count: 802,
    countAtLeast: false,
  });
});

it("counts an incident's complaints whole, however many, and a search among them up to the limit", async () => {
  const incident = (
    await buildIncident(t, admin, incidentOf('Fans of Z-9', { type: 'Hostel', hostelNo: 3, subType: 'Fan' }))
  ).id;
  // every one of them linked at once (the API links 500 a request)
  await t.ctx.database.db
    .updateTable('complaints')
    .set({ incident_id: incident })
    .where('room_no', '=', ROOM)
    .execute();
  const linked = await t.request({
    method: 'GET',
    url: `/api/complaints/admin/all?incident=${incident}`,
    token: admin.token,
  });
  expect(linked.body).toMatchObject({ count: MANY });
  expect(linked.body).not.toHaveProperty('countAtLeast');
  expect(counted(await search(admin, 'admin/all', 'fan', `&incident=${incident}`))).toEqual(more);
});

it('says nothing of "more" on a list that is not a search, however long', async () => {
  const mine = await t.request({ method: 'GET', url: '/api/complaints/student', token: student.token });
  expect(mine.body).toMatchObject({ count: MANY });
  expect(mine.body).not.toHaveProperty('countAtLeast');
  const all = await t.request({ method: 'GET', url: '/api/complaints/admin/all', token: admin.token });
  expect(all.body).not.toHaveProperty('countAtLeast');
});
