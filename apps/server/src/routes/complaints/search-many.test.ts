import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { reindexAllComplaints } from '../../db/search-index';

/**
 * CONTRACT 6.2 on both dialects: a key word in more complaints than a search reads whole for its page
 * and count together (search.ts, KEY_LED_MAX 2,000): the page and the count are read on their own.
 */
let t: TestApp;
let admin: Built;
let warden: Built;
const ROOM = 'Z-9';
const MANY = 2005;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
  const student = await buildStudent(t);
  const now = t.clock.now();
  // rows written directly (2,005 filings through the API would hit the daily limit), then indexed
  const rows = Array.from({ length: MANY }, (_, i) => ({
    token: `CMP-MANY${i}X${now}`,
    type: 'Hostel' as const,
    hostel_no: i % 5 === 0 ? 4 : 3,
    room_no: ROOM,
    sub_type: 'Fan',
    is_network: 0,
    description: i % 2 === 0 ? 'Fan blade broken' : 'Fan regulator loose',
    status: 'Pending' as const,
    remarks: null,
    assigned_to_id: null,
    assigned_name: null,
    assigned_designation: null,
    student_id: student.id,
    student_name: student.user.name,
    student_roll: null,
    created_at: now + i,
    updated_at: now + i,
    due_at: now + 1000,
    filed_month: 202601,
    filed_day: 20260115,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.ctx.database.db
      .insertInto('complaints')
      .values(rows.slice(i, i + 500))
      .execute();
  await reindexAllComplaints(t.ctx.database.db, t.ctx.database.dialect);
});
afterAll(async () => t.close());

async function search(who: Built, list: string, q: string, extra = '') {
  const url = `/api/complaints/${list}?q=${encodeURIComponent(q)}${extra}`;
  const res = await t.request({ method: 'GET', url, token: who.token });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { count: number; data: { id: number; roomNo: string; hostelNo: number }[] };
}

it('pages and counts a key word in more complaints than a search reads whole, alone and with a word', async () => {
  const all = await search(admin, 'admin/all', 'z-9', '&pageSize=50');
  expect(all.count).toBe(MANY);
  const ids = all.data.map((c) => c.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  const next = await search(admin, 'admin/all', 'z-9', `&pageSize=50&before=${ids.at(-1)}`);
  expect(next.data[0]!.id).toBeLessThan(ids.at(-1)!);
  expect(next.data.map((c) => c.id)).toEqual(
    (await search(admin, 'admin/all', 'z-9', '&pageSize=50&page=2')).data.map((c) => c.id),
  );
  // with a word every one of them has: past the limit too, through the documents
  const fan = await search(admin, 'admin/all', 'z-9 fan', '&pageSize=50');
  expect(fan.count).toBe(MANY);
  expect(fan.data.map((c) => c.id)).toEqual(ids);
  expect((await search(admin, 'admin/all', 'z-9 blade')).count).toBe(Math.ceil(MANY / 2));
  // hostel 3's: four in five; with a word, half of those
  expect((await search(warden, 'authority', 'z-9')).count).toBe(MANY - Math.ceil(MANY / 5));
  const withWord = await search(warden, 'authority', 'Z-9 brok', '&pageSize=10');
  expect(withWord.count).toBe(802);
  expect(withWord.data.every((c) => c.hostelNo === 3 && c.roomNo === ROOM)).toBe(true);
});
