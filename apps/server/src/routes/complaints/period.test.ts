/**
 * CONTRACT 6.6: the admin list and the CSV export take `from` and `to`, filing days in TIME_ZONE,
 * both included, as the report does: the same schema and the same 400s naming the field, the same
 * period when one day is left out, and the same `filed` count. A period's list is newest first by
 * filing time, by page number and by keyset (`before`) alike; with overdue, most overdue first.
 */
import { MSG_REPORT, REPORT_DAYS_DEFAULT, REPORT_DAYS_MAX } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { timelineColumns } from '../../services/complaints/due';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 00:00 in India (TIME_ZONE of the tests) on a day of January 2026 */
const istMidnight = (day: number) => Date.UTC(2026, 0, day) - 5.5 * HOUR;

let t: TestApp;
let admin: Built;
let student: Built;

type Status = 'Pending' | 'In Progress' | 'Resolved' | 'Rejected';
const STATUSES: Status[] = ['Pending', 'In Progress', 'Resolved', 'Rejected'];

beforeAll(async () => {
  t = await createTestApp({ config: { slaHoursHostel: 1, slaHoursCollege: 2 } });
  admin = await buildAdmin(t);
  student = await buildStudent(t);
  // 80 complaints from 20 November 2025 to 14 January 2026 (the clock stands at 15 January), written
  // in a shuffled order so that ids do not follow filing times; pairs filed at the same millisecond;
  // and four at the edges of 10 and 12 January in India
  const times: number[] = [];
  for (let k = 0; k < 70; k++)
    times.push(Date.UTC(2025, 10, 20) + Math.floor(k / 2) * 38 * HOUR + (k % 7) * 1000 * (k % 2));
  times.push(istMidnight(11) - 1, istMidnight(11), istMidnight(13) - 1, istMidnight(13));
  for (let k = 0; k < 6; k++) times.push(Date.UTC(2026, 0, 14, k));
  const order = times.map((_, k) => (k * 37) % times.length);
  expect(new Set(order).size).toBe(times.length);
  const rows = order.map((k, n) => {
    const createdAt = times[k] as number;
    const type = k % 4 === 3 ? ('College' as const) : ('Hostel' as const);
    const status = STATUSES[k % 4] as Status;
    const resolvedAt = status === 'Resolved' ? createdAt + (k + 1) * HOUR : null;
    return {
      token: `CMP-PER${String(n).padStart(6, '0')}`,
      type,
      hostel_no: type === 'Hostel' ? (k % 3) + 1 : null,
      room_no: type === 'Hostel' ? 'B-12' : null,
      sub_type: type === 'Hostel' ? 'Fan' : 'Library',
      is_network: 0,
      description: `complaint ${k}`,
      status,
      remarks: null,
      assigned_to_id: null,
      assigned_name: null,
      assigned_designation: null,
      student_id: student.id,
      student_name: student.user.name,
      student_roll: student.user.rollNo ?? null,
      created_at: createdAt,
      updated_at: resolvedAt ?? createdAt,
      closed_at: status === 'Resolved' || status === 'Rejected' ? (resolvedAt ?? createdAt) : null,
      ...timelineColumns(t.config, {
        type,
        createdAt,
        firstResponseAt: status === 'Pending' ? null : createdAt + HOUR,
        resolvedAt,
      }),
    };
  });
  await t.ctx.database.db.insertInto('complaints').values(rows).execute();
});
afterAll(async () => t?.close());

interface Filter {
  hostelNo?: number;
  type?: 'Hostel' | 'College';
  status?: Status;
  overdue?: boolean;
}

/** The complaints filed from `start` up to `end`, in the list's order, straight from the table. */
async function inDb(start: number, end: number, f: Filter = {}) {
  let q = t.ctx.database.db
    .selectFrom('complaints')
    .select(['id', 'token'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end);
  if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.overdue)
    q = q
      .where('status', 'in', ['Pending', 'In Progress'])
      .where('due_at', '<=', t.clock.now())
      .orderBy('due_at', 'asc')
      .orderBy('id', 'asc');
  else q = q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  return (await q.execute()).map((r) => ({ id: Number(r.id), token: r.token }));
}

const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });

/** Every page of the admin list at `pageSize`, by page number or by keyset: ids, and the count of each page. */
async function pages(query: string, pageSize: number, keyset: boolean) {
  const ids: number[] = [];
  const counts = new Set<number>();
  for (let page = 1; page < 100; page++) {
    const before = keyset && ids.length > 0 ? `&before=${ids.at(-1)}` : '';
    const res = await get(`/api/complaints/admin/all?${query}&page=${page}&pageSize=${pageSize}${before}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    counts.add(res.body.count);
    ids.push(...res.body.data.map((c: { id: number }) => c.id));
    if (res.body.data.length < pageSize) break;
  }
  expect(counts.size, query).toBe(1);
  return { ids, count: [...counts][0] as number };
}

/** The export's tokens, in its order. */
async function exported(query: string) {
  const res = await get(`/api/complaints/admin/export.csv?${query}`);
  expect(res.status, String(res.body)).toBe(200);
  return (res.body as string)
    .slice(1)
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(',')[0]);
}

describe('a period of filing days on the admin list and the export (6.6)', () => {
  const cases: [string, number, number, Filter][] = [
    ['from=2026-01-11&to=2026-01-12', istMidnight(11), istMidnight(13), {}],
    ['from=2025-12-01&to=2025-12-31', istMidnight(1) - 31 * DAY, istMidnight(1), {}],
    ['from=2025-11-25&to=2026-01-14&hostelNo=2', istMidnight(1) - 37 * DAY, istMidnight(15), { hostelNo: 2 }],
    [
      'from=2025-11-25&to=2026-01-14&type=Hostel&status=Resolved',
      istMidnight(1) - 37 * DAY,
      istMidnight(15),
      { type: 'Hostel', status: 'Resolved' },
    ],
    [
      'from=2025-12-10&to=2026-01-14&type=College',
      istMidnight(1) - 22 * DAY,
      istMidnight(15),
      { type: 'College' },
    ],
    [
      'from=2025-12-10&to=2026-01-14&overdue=true',
      istMidnight(1) - 22 * DAY,
      istMidnight(15),
      { overdue: true },
    ],
    [
      'from=2025-11-20&to=2026-01-14&overdue=true&hostelNo=1&status=Pending',
      istMidnight(1) - 42 * DAY,
      istMidnight(15),
      { overdue: true, hostelNo: 1, status: 'Pending' },
    ],
  ];

  it.each(cases)(
    'lists exactly the complaints filed in %s, by page and by keyset, counted',
    async (query, start, end, f) => {
      const want = await inDb(start, end, f);
      expect(want.length, query).toBeGreaterThan(0);
      for (const keyset of [false, true]) {
        const got = await pages(query, 4, keyset);
        expect(got.ids, `${query} keyset=${keyset}`).toEqual(want.map((c) => c.id));
        expect(got.count, query).toBe(want.length);
      }
      expect(await exported(query), query).toEqual(want.map((c) => c.token));
    },
  );

  it('takes a day in India from its midnight to the next, both days included', async () => {
    const got = await pages('from=2026-01-11&to=2026-01-12', 100, false);
    const edge = await inDb(istMidnight(11) - 1, istMidnight(13) + 1);
    // 23:59:59.999 on the 10th and 00:00 on the 13th are out; 00:00 on the 11th and 23:59:59.999 on the 12th in
    const [newest, ...rest] = edge;
    expect(got.ids).toContain(edge.at(-2)?.id);
    expect(got.ids).toContain(rest[0]?.id);
    expect(got.ids).not.toContain(newest?.id);
    expect(got.ids).not.toContain(edge.at(-1)?.id);
  });

  it('counts a period as the report counts its filed complaints', async () => {
    for (const query of [
      'from=2025-11-20&to=2026-01-14',
      'from=2025-12-05&to=2026-01-11&hostelNo=3',
      'from=2025-12-05&to=2026-01-11&type=College',
    ]) {
      const report = await get(`/api/complaints/admin/report?${query}`);
      expect(report.status).toBe(200);
      expect((await get(`/api/complaints/admin/all?${query}`)).body.count, query).toBe(report.body.filed);
      expect((await get(`/api/complaints/admin/all?${query}&status=Resolved`)).body.count, query).toBe(
        report.body.resolved,
      );
      expect((await get(`/api/complaints/admin/all?${query}&status=Rejected`)).body.count, query).toBe(
        report.body.rejected,
      );
    }
  });

  it('takes one day alone as the report does: the default number of days from it, or up to it', async () => {
    const from = await pages('from=2025-11-20', 100, false);
    const fromEnd = istMidnight(1) - 42 * DAY + REPORT_DAYS_DEFAULT * DAY;
    expect(from.ids).toEqual((await inDb(istMidnight(1) - 42 * DAY, fromEnd)).map((c) => c.id));
    const to = await pages('to=2025-12-31', 100, false);
    expect(to.ids).toEqual(
      (await inDb(istMidnight(1) - REPORT_DAYS_DEFAULT * DAY, istMidnight(1))).map((c) => c.id),
    );
    // and without either, no period: every complaint
    const all = await pages('type=Hostel', 100, false);
    const hostel = await t.ctx.database.db
      .selectFrom('complaints')
      .select('id')
      .where('type', '=', 'Hostel')
      .execute();
    expect(all.ids.length).toBe(hostel.length);
  });

  it('goes on after a keyset row filed outside the period with the period only', async () => {
    const [outside] = await inDb(istMidnight(14), istMidnight(15));
    const res = await get(
      `/api/complaints/admin/all?from=2026-01-11&to=2026-01-12&page=2&pageSize=100&before=${outside?.id}`,
    );
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual(
      (await inDb(istMidnight(11), istMidnight(13))).map((c) => c.id),
    );
  });

  it("refuses a bad period with the report's 400, naming the field, on the list and the export", async () => {
    const tooLong = `from=2025-01-01&to=2026-01-02`;
    const refusals: [string, string, string][] = [
      ['from=2026-02-30', 'from', MSG_REPORT.dateInvalid],
      ['to=15-01-2026', 'to', MSG_REPORT.dateInvalid],
      ['from=1969-12-31', 'from', MSG_REPORT.dateOutOfRange],
      ['from=2026-01-12&to=2026-01-11', 'from', MSG_REPORT.rangeReversed],
      [tooLong, 'to', MSG_REPORT.rangeTooLong],
    ];
    for (const [query, field, message] of refusals)
      for (const path of ['all', 'export.csv', 'report']) {
        const res = await get(`/api/complaints/admin/${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.errors, `${path}?${query}`).toEqual([{ field, message }]);
      }
    expect(MSG_REPORT.rangeTooLong).toContain(String(REPORT_DAYS_MAX));
    // a year of 366 days is not too long
    expect((await get('/api/complaints/admin/all?from=2025-01-15&to=2026-01-15')).status).toBe(200);
  });
});
