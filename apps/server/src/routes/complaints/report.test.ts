/**
 * CONTRACT 5.6: the admin's report over a small data set written straight into the table (with
 * the timeline columns the services keep, from timelineColumns), against hand-computed numbers.
 */
import { HOSTEL_NUMBERS } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { rollupAgainstComplaints } from '../../../test/rollup';
import { addTo, hourBucket, quantile } from '../../lib/hour-buckets';
import { createSession } from '../../services/accounts/sessions';
import { timelineColumns } from '../../services/complaints/due';
import { EXACT_PERCENTILES_MAX } from '../../services/oversight/report-tally';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Asia/Kolkata, the default TIME_ZONE, is UTC+05:30 all year. */
const IST = 5.5 * HOUR;
/** An instant given as a wall-clock time in TIME_ZONE. */
const ist = (y: number, m: number, d: number, hh = 10, mm = 0) => Date.UTC(y, m - 1, d, hh, mm) - IST;

/** "now" for the whole file: 2026-04-10 12:00 in TIME_ZONE. */
const NOW = ist(2026, 4, 10, 12, 0);

let t: TestApp;
let student: Built;
let admin: Built;
let seq = 0;

interface Row {
  type: 'Hostel' | 'College';
  hostelNo?: number;
  subType: string;
  status: 'Pending' | 'In Progress' | 'Resolved' | 'Rejected';
  createdAt: number;
  /** hours from filing to the (last) change to Resolved */
  resHours?: number;
  /** hours from filing to the first response */
  frHours?: number;
}

async function insert(rows: Row[]) {
  const values = rows.map((r) => {
    const resolvedAt = r.resHours === undefined ? null : r.createdAt + r.resHours * HOUR;
    const firstResponseAt = r.frHours === undefined ? null : r.createdAt + r.frHours * HOUR;
    const closedAt =
      r.status === 'Resolved'
        ? resolvedAt
        : r.status === 'Rejected'
          ? (firstResponseAt ?? r.createdAt)
          : null;
    seq++;
    return {
      token: `CMP-RPT${String(seq).padStart(5, '0')}`,
      type: r.type,
      hostel_no: r.type === 'Hostel' ? (r.hostelNo ?? 1) : null,
      room_no: r.type === 'Hostel' ? 'A-1' : null,
      sub_type: r.subType,
      is_network: ['Internet', 'Network', 'IT Support'].includes(r.subType) ? 1 : 0,
      description: `report row ${seq}`,
      status: r.status,
      remarks: null,
      assigned_to_id: null,
      assigned_name: null,
      assigned_designation: null,
      student_id: student.id,
      student_name: student.user.name,
      student_roll: null,
      created_at: r.createdAt,
      updated_at: closedAt ?? firstResponseAt ?? r.createdAt,
      closed_at: closedAt,
      ...timelineColumns(t.config, {
        type: r.type,
        createdAt: r.createdAt,
        firstResponseAt,
        resolvedAt: r.status === 'Resolved' ? resolvedAt : null,
      }),
    };
  });
  await t.ctx.database.db.insertInto('complaints').values(values).execute();
}

/**
 * The data set. In the period 2026-01-01 .. 2026-03-31 (8 complaints):
 *   January: A1 H1 Plumbing Resolved 2.5 h (fr 0.5), A2 H1 Plumbing Resolved 4.5 h (fr 1.5),
 *            A3 H2 Electrical Resolved 10.5 h (fr 2.5), A4 H2 Electrical Rejected (fr 3.5)
 *   February: none
 *   March:   M1 College Library Resolved 30 h (fr 1.5), M2 College Library Resolved 50 h (fr 6.5),
 *            M3 H3 Plumbing In Progress (fr 0.5), M4 H1 Internet Pending (last minutes of 31 March)
 * Outside it: X0 in the last minutes of 2025 and Y1 in the first minutes of April, and four recent
 * open ones for the backlog.
 */
const DATA: Row[] = [
  // X0: 2025-12-31 23:30 in TIME_ZONE, already 2025-12-31 18:00 UTC: outside
  {
    type: 'Hostel',
    hostelNo: 1,
    subType: 'Plumbing',
    status: 'Resolved',
    createdAt: ist(2025, 12, 31, 23, 30),
    resHours: 1.5,
    frHours: 0.5,
  },
  // A1: 2026-01-01 00:30 in TIME_ZONE (2025-12-31 19:00 UTC): inside
  {
    type: 'Hostel',
    hostelNo: 1,
    subType: 'Plumbing',
    status: 'Resolved',
    createdAt: ist(2026, 1, 1, 0, 30),
    resHours: 2.5,
    frHours: 0.5,
  },
  {
    type: 'Hostel',
    hostelNo: 1,
    subType: 'Plumbing',
    status: 'Resolved',
    createdAt: ist(2026, 1, 10),
    resHours: 4.5,
    frHours: 1.5,
  },
  {
    type: 'Hostel',
    hostelNo: 2,
    subType: 'Electrical',
    status: 'Resolved',
    createdAt: ist(2026, 1, 20),
    resHours: 10.5,
    frHours: 2.5,
  },
  {
    type: 'Hostel',
    hostelNo: 2,
    subType: 'Electrical',
    status: 'Rejected',
    createdAt: ist(2026, 1, 25),
    frHours: 3.5,
  },
  {
    type: 'College',
    subType: 'Library',
    status: 'Resolved',
    createdAt: ist(2026, 3, 3),
    resHours: 30,
    frHours: 1.5,
  },
  {
    type: 'College',
    subType: 'Library',
    status: 'Resolved',
    createdAt: ist(2026, 3, 4),
    resHours: 50,
    frHours: 6.5,
  },
  {
    type: 'Hostel',
    hostelNo: 3,
    subType: 'Plumbing',
    status: 'In Progress',
    createdAt: ist(2026, 3, 5),
    frHours: 0.5,
  },
  // M4: 2026-03-31 23:50 in TIME_ZONE (18:20 UTC): inside, and overdue by now
  {
    type: 'Hostel',
    hostelNo: 1,
    subType: 'Internet',
    status: 'Pending',
    createdAt: ist(2026, 3, 31, 23, 50),
  },
  // Y1: 2026-04-01 00:10 in TIME_ZONE (still 31 March in UTC): outside
  { type: 'Hostel', hostelNo: 1, subType: 'Plumbing', status: 'Pending', createdAt: ist(2026, 4, 1, 0, 10) },
  // the backlog's recent ones: 2 hours, exactly 1 day, exactly 3 days and 5 days old
  { type: 'Hostel', hostelNo: 2, subType: 'Plumbing', status: 'Pending', createdAt: NOW - 2 * HOUR },
  { type: 'College', subType: 'Library', status: 'In Progress', createdAt: NOW - DAY, frHours: 0.5 },
  { type: 'Hostel', hostelNo: 1, subType: 'Plumbing', status: 'Pending', createdAt: NOW - 3 * DAY },
  { type: 'Hostel', hostelNo: 3, subType: 'Plumbing', status: 'In Progress', createdAt: NOW - 5 * DAY },
];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  student = await buildStudent(t);
  admin = await buildAdmin(t);
  await insert(DATA);
});
afterAll(async () => t?.close());

const report = (query: string, token: string | undefined = admin.token) =>
  t.request({ method: 'GET', url: `/api/complaints/admin/report${query ? `?${query}` : ''}`, token });

const Q1 = 'from=2026-01-01&to=2026-03-31';

// exact values of the durations, as percentile_cont takes them
/** CONTRACT 5.6: a percentile may be off by 1 hour or 5%, whichever is larger. */
function expectNear(actual: number | null, exact: number, what: string) {
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - exact), `${what}: ${actual} vs ${exact}`).toBeLessThanOrEqual(
    Math.max(1, 0.05 * exact),
  );
}

const zeroHostels = () => HOSTEL_NUMBERS.map((hostelNo) => ({ hostelNo, filed: 0, resolved: 0, overdue: 0 }));
const BACKLOG_ALL = { under1d: 1, d1to3: 1, d3to7: 2, over7d: 3 };

describe('the admin report (5.6)', () => {
  it('counts what was filed in the period in TIME_ZONE, with resolution and first-response times', async () => {
    const res = await report(Q1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    expect(r.from).toBe('2026-01-01');
    expect(r.to).toBe('2026-03-31');
    expect(r.filed).toBe(8);
    expect(r.resolved).toBe(5);
    expect(r.rejected).toBe(1);
    // resolution 2.5, 4.5, 10.5, 30, 50 h: the median sits on a bucket middle
    expect(r.resolutionHours.median).toBe(10.5);
    // p90 at rank 3.6: 30 + 0.6 * 20 = 42
    expectNear(r.resolutionHours.p90, 42, 'resolution p90');
    // first response 0.5, 0.5, 1.5, 1.5, 2.5, 3.5, 6.5 h: median 1.5; p90 at rank 5.4: 3.5 + 0.4 * 3
    expect(r.firstResponseHours).toEqual({ median: 1.5, p90: 4.7 });
  });

  it('counts a partial month from its days, or as the whole month less the days left out', async () => {
    type Month = { month: string; filed: number };
    type Cat = { subType: string; filed: number };
    const filedOf = (body: { byMonth: Month[] }) => body.byMonth.map((m) => m.filed);
    const categories = (body: { byCategory: Cat[] }) =>
      Object.fromEntries(body.byCategory.map((c) => [c.subType, c.filed]));
    // January less its 1st (A1): the whole month less one day
    const noFirst = (await report('from=2026-01-02&to=2026-03-31')).body;
    expect(noFirst.filed).toBe(7);
    expect(filedOf(noFirst)).toEqual([3, 0, 4]);
    // 4.5, 10.5, 30 and 50 h: the mean of the middle two
    expectNear(noFirst.resolutionHours.median, 20.25, 'median without A1');
    // January 11th on (A3, A4): the whole month less ten days
    const late = (await report('from=2026-01-11&to=2026-03-31')).body;
    expect(filedOf(late)).toEqual([2, 0, 4]);
    expect(categories(late)).toEqual({ Electrical: 2, Library: 2, Plumbing: 1, Internet: 1 });
    // the first nine days (A1 only): from the days themselves
    const early = (await report('from=2026-01-01&to=2026-01-09')).body;
    expect(early).toMatchObject({ filed: 1, resolved: 1, resolutionHours: { median: 2.5, p90: 2.5 } });
    expect(categories(early)).toEqual({ Plumbing: 1 });
    // March up to the 4th (M1, M2): from its four days
    expect(filedOf((await report('from=2026-01-01&to=2026-03-04')).body)).toEqual([4, 0, 2]);
    // March less its 31st (M4, the only Internet one): the category is gone, not listed at 0
    const noLast = (await report('from=2026-01-01&to=2026-03-30')).body;
    expect(filedOf(noLast)).toEqual([4, 0, 3]);
    expect(categories(noLast)).toEqual({ Electrical: 2, Library: 2, Plumbing: 3 });
    expect(noLast.byHostel.find((h: { hostelNo: number }) => h.hostelNo === 1)).toMatchObject({ filed: 2 });
    // within one month, and one hostel's
    expect((await report('from=2026-01-05&to=2026-01-24&hostelNo=2')).body).toMatchObject({
      filed: 1,
      resolved: 1,
      byHostel: [{ hostelNo: 2, filed: 1, resolved: 1 }],
    });
  });

  it('gives every month of the period, an empty one with a null median', async () => {
    const { body } = await report(Q1);
    expect(body.byMonth.map((m: { month: string }) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const [jan, feb, mar] = body.byMonth;
    expect(jan).toEqual({ month: '2026-01', filed: 4, resolved: 3, medianResolutionHours: 4.5 });
    expect(feb).toEqual({ month: '2026-02', filed: 0, resolved: 0, medianResolutionHours: null });
    expect({ ...mar, medianResolutionHours: undefined }).toEqual({
      month: '2026-03',
      filed: 4,
      resolved: 2,
      medianResolutionHours: undefined,
    });
    // 30 h and 50 h: an even count, the mean of the two
    expectNear(mar.medianResolutionHours, 40, 'March median');
  });

  it('breaks the period down by category', async () => {
    const { body } = await report(Q1);
    type Cat = {
      type: string;
      subType: string;
      filed: number;
      resolved: number;
      medianResolutionHours: number | null;
    };
    const byKey = new Map<string, Cat>(body.byCategory.map((c: Cat) => [`${c.type}/${c.subType}`, c]));
    expect([...byKey.keys()].sort()).toEqual([
      'College/Library',
      'Hostel/Electrical',
      'Hostel/Internet',
      'Hostel/Plumbing',
    ]);
    // 2.5 h and 4.5 h: an even count on bucket middles
    expect(byKey.get('Hostel/Plumbing')).toEqual({
      type: 'Hostel',
      subType: 'Plumbing',
      filed: 3,
      resolved: 2,
      medianResolutionHours: 3.5,
    });
    expect(byKey.get('Hostel/Electrical')).toEqual({
      type: 'Hostel',
      subType: 'Electrical',
      filed: 2,
      resolved: 1,
      medianResolutionHours: 10.5,
    });
    expect(byKey.get('Hostel/Internet')).toEqual({
      type: 'Hostel',
      subType: 'Internet',
      filed: 1,
      resolved: 0,
      medianResolutionHours: null,
    });
    const library = byKey.get('College/Library') as Cat;
    expect({ ...library, medianResolutionHours: 0 }).toEqual({
      type: 'College',
      subType: 'Library',
      filed: 2,
      resolved: 2,
      medianResolutionHours: 0,
    });
    expectNear(library.medianResolutionHours, 40, 'Library median');
  });

  it('breaks the period down by hostel with the overdue ones among them', async () => {
    const { body } = await report(Q1);
    const expected = zeroHostels();
    // M4 (Pending since 31 March, due 72 h later) and M3 (In Progress since 5 March) are overdue
    Object.assign(expected[HOSTEL_NUMBERS.indexOf(1)] as object, { filed: 3, resolved: 2, overdue: 1 });
    Object.assign(expected[HOSTEL_NUMBERS.indexOf(2)] as object, { filed: 2, resolved: 1, overdue: 0 });
    Object.assign(expected[HOSTEL_NUMBERS.indexOf(3)] as object, { filed: 1, resolved: 0, overdue: 1 });
    expect(body.byHostel).toEqual(expected);
  });

  it('bands the backlog open now by age, each band edge in the older band', async () => {
    const { body } = await report(Q1);
    // open now: 2 h (under 1 day), exactly 1 day, exactly 3 days and 5 days, and M3, M4, Y1 (over 7 days)
    expect(body.backlog).toEqual(BACKLOG_ALL);
  });

  it('filters by type: Hostel', async () => {
    const { body, status } = await report(`${Q1}&type=Hostel`);
    expect(status).toBe(200);
    expect(body.filed).toBe(6);
    expect(body.resolved).toBe(3);
    expect(body.rejected).toBe(1);
    // 2.5, 4.5, 10.5: odd count; p90 at rank 1.8: 4.5 + 0.8 * 6
    expect(body.resolutionHours).toEqual({ median: 4.5, p90: 9.3 });
    // 0.5, 0.5, 1.5, 2.5, 3.5: p90 at rank 3.6: 2.5 + 0.6 * 1
    expect(body.firstResponseHours).toEqual({ median: 1.5, p90: 3.1 });
    expect(body.byCategory.every((c: { type: string }) => c.type === 'Hostel')).toBe(true);
    expect(body.byMonth[2]).toEqual({ month: '2026-03', filed: 2, resolved: 0, medianResolutionHours: null });
    expect(body.backlog).toEqual({ under1d: 1, d1to3: 0, d3to7: 2, over7d: 3 });
  });

  it('filters by type: College, with even counts', async () => {
    const { body } = await report(`${Q1}&type=College`);
    expect(body.filed).toBe(2);
    expect(body.resolved).toBe(2);
    expect(body.rejected).toBe(0);
    expectNear(body.resolutionHours.median, 40, 'College median');
    // 30 + 0.9 * 20 = 48
    expectNear(body.resolutionHours.p90, 48, 'College p90');
    // 1.5 and 6.5 h: median 4, p90 1.5 + 0.9 * 5
    expect(body.firstResponseHours).toEqual({ median: 4, p90: 6 });
    expect(body.byHostel).toEqual([]);
    expect(body.backlog).toEqual({ under1d: 0, d1to3: 1, d3to7: 0, over7d: 0 });
  });

  it('filters by hostel number', async () => {
    const { body } = await report(`${Q1}&hostelNo=1`);
    expect(body.filed).toBe(3);
    expect(body.resolved).toBe(2);
    expect(body.rejected).toBe(0);
    // 2.5 and 4.5 h: an even count on bucket middles; p90 2.5 + 0.9 * 2
    expect(body.resolutionHours).toEqual({ median: 3.5, p90: 4.3 });
    // 0.5 and 1.5 h
    expect(body.firstResponseHours).toEqual({ median: 1, p90: 1.4 });
    expect(body.byHostel).toEqual([{ hostelNo: 1, filed: 3, resolved: 2, overdue: 1 }]);
    // M4, Y1 over 7 days; the one exactly 3 days old
    expect(body.backlog).toEqual({ under1d: 0, d1to3: 0, d3to7: 1, over7d: 2 });
  });

  it('gives nulls and zeros for a period without complaints', async () => {
    const { body, status } = await report('from=2025-06-01&to=2025-06-30');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      from: '2025-06-01',
      to: '2025-06-30',
      filed: 0,
      resolved: 0,
      rejected: 0,
      resolutionHours: { median: null, p90: null },
      firstResponseHours: { median: null, p90: null },
      byMonth: [{ month: '2025-06', filed: 0, resolved: 0, medianResolutionHours: null }],
      byCategory: [],
      byHostel: zeroHostels(),
    });
    // the backlog is what is open now, whatever the period
    expect(body.backlog).toEqual(BACKLOG_ALL);
  });

  it('covers the last 90 days up to today in TIME_ZONE by default', async () => {
    const { body } = await report('');
    expect(body.to).toBe('2026-04-10');
    expect(body.from).toBe('2026-01-11');
    // 2026-01-11 .. 2026-04-10 holds A3, A4, M1..M4, Y1 and the four recent ones
    expect(body.filed).toBe(11);
    expect(body.byMonth.map((m: { month: string }) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    try {
      // 20:00 UTC on 10 April is already 11 April at 01:30 in Asia/Kolkata
      t.clock.set(Date.UTC(2026, 3, 10, 20, 0));
      // the admin's session began more than 12 hours before: a new one
      const late = await report('', (await createSession(t.ctx, admin.id, false)).token);
      expect(late.body.to).toBe('2026-04-11');
      expect(late.body.from).toBe('2026-01-12');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('accepts a period of 366 days and refuses one of 367', async () => {
    const ok = await report('from=2025-01-01&to=2026-01-01');
    expect(ok.status).toBe(200);
    expect(ok.body.byMonth).toHaveLength(13);
    const tooLong = await report('from=2025-01-01&to=2026-01-02');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/at most 366 days/);
  });

  it('counts 90 days from the one end given when the other is left out', async () => {
    const toOnly = await report('to=2026-03-31');
    expect(toOnly.status).toBe(200);
    expect([toOnly.body.from, toOnly.body.to]).toEqual(['2026-01-01', '2026-03-31']);
    expect(toOnly.body.filed).toBe(8);
    const fromOnly = await report('from=2026-01-01');
    expect([fromOnly.body.from, fromOnly.body.to]).toEqual(['2026-01-01', '2026-03-31']);
    expect(fromOnly.body.filed).toBe(8);
    // empty values are no values
    const empty = await report('from=2026-01-01&to=2026-03-31&type=&hostelNo=');
    expect(empty.status).toBe(200);
    expect(empty.body.filed).toBe(8);
  });

  it('counts a leap year as 366 days', async () => {
    expect((await report('from=2024-01-01&to=2024-12-31')).status).toBe(200);
    expect((await report('from=2023-12-31&to=2024-12-31')).status).toBe(400);
    expect((await report('from=2024-02-29&to=2024-03-01')).status).toBe(200);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await report('from=2026-03-02&to=2026-03-01');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/"from" must not be after "to"/);
    expect((await report('from=2026-03-01&to=2026-03-01')).status).toBe(200);
  });

  it.each([
    'from=2026-02-30&to=2026-03-01',
    'from=2026-01-01&to=2026-13-01',
    'from=2026-1-5&to=2026-03-01',
    'from=yesterday&to=2026-03-01',
    'from=2025-02-29&to=2025-03-01',
  ])('refuses a day that is not a real YYYY-MM-DD day: %s', async (query) => {
    const res = await report(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Dates must be real days written YYYY-MM-DD/);
  });

  it.each([
    'to=9999-12-31',
    'from=9999-12-31&to=9999-12-31',
    'from=9999-10-04',
    'from=9998-12-31&to=9999-01-01',
    'from=1969-12-31&to=1970-01-01',
    'to=1969-12-31',
    'from=0100-01-01',
  ])('refuses a day outside the years a report may name rather than failing: %s', async (query) => {
    const res = await report(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Dates must be between 1970-01-01 and 9998-12-31/);
  });

  it('reports the first and the last days a report may name', async () => {
    const last = await report('from=9998-12-31');
    expect(last.status).toBe(200);
    expect([last.body.from, last.body.to]).toEqual(['9998-12-31', '9999-03-30']);
    const first = await report('to=1970-01-01');
    expect(first.status).toBe(200);
    expect(first.body.filed).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    expect((await report(`${Q1}&type=Library`)).status).toBe(400);
    expect((await report(`${Q1}&hostelNo=0`)).status).toBe(400);
    expect((await report(`${Q1}&hostelNo=abc`)).status).toBe(400);
  });

  it('answers only to an admin: 403 for a student or an authority, 401 without a session', async () => {
    const other: Built = await buildAuthority(t, 'Other');
    expect((await report(Q1, student.token)).status).toBe(403);
    expect((await report(Q1, other.token)).status).toBe(403);
    expect((await report(Q1, '')).status).toBe(401);
  });
});

describe('the report over complaints moved through the API (5.6)', () => {
  let a: TestApp;
  let owner: Built;
  let warden: Built;
  let boss: Built;
  const T0 = Date.UTC(2026, 0, 15, 10, 0); // 15:30 on 15 January in TIME_ZONE
  const at = (hours: number) => a.clock.set(T0 + hours * HOUR);

  beforeAll(async () => {
    a = await createTestApp();
    a.clock.set(T0);
    owner = await buildStudent(a);
    warden = await buildAuthority(a, 'Warden', { hostelNo: 1 });
    boss = await buildAdmin(a);
  });
  afterAll(async () => a?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Built, payload?: object) => {
    const res = await a.request({ method, url, token: who.token, ...(payload ? { payload } : {}) });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const fileOne = async (description: string) =>
    (
      await call('POST', '/api/complaints', owner, {
        type: 'Hostel',
        hostelNo: 1,
        roomNo: 'A-1',
        subType: 'Fan',
        description,
      })
    ).complaint as { id: number };

  it('takes the first response from an authority only, and resolution from the last change to Resolved', async () => {
    const c1 = await fileOne('The fan does not turn');
    const c2 = await fileOne('The fan hums');
    at(0.5);
    await call('POST', `/api/complaints/${c1.id}/messages`, owner, { body: 'Any news?' });
    at(1.2);
    await call('POST', `/api/complaints/${c1.id}/messages`, warden, { body: 'Coming tomorrow' });
    at(2);
    await call('PUT', `/api/complaints/${c1.id}`, warden, { status: 'In Progress' });
    at(2.7);
    await call('PUT', `/api/complaints/${c1.id}`, warden, { status: 'Resolved', remarks: 'Fixed' });
    at(4.6);
    await call('PUT', `/api/complaints/${c2.id}`, warden, { status: 'Rejected', remarks: 'Works' });
    at(5);
    await call('POST', `/api/complaints/${c1.id}/reopen`, owner, { reason: 'It stopped again' });
    // 00:15 on 16 January in TIME_ZONE, still 15 January in UTC
    at(8.75);
    await fileOne('Another fan');
    at(10.4);
    await call('PUT', `/api/complaints/${c1.id}`, warden, { status: 'Resolved', remarks: 'Replaced' });
    at(11);
    // a remark on a Resolved complaint is not a new resolution
    await call('PUT', `/api/complaints/${c1.id}`, warden, { status: 'Resolved', remarks: 'Checked again' });

    const row = await a.ctx.database.db
      .selectFrom('complaints')
      .select(['first_response_at', 'fr_bucket', 'res_bucket', 'resolved_at'])
      .where('id', '=', c1.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.first_response_at)).toBe(T0 + 1.2 * HOUR);
    expect(Number(row.fr_bucket)).toBe(1);
    expect(Number(row.res_bucket)).toBe(10);
    expect(Number(row.resolved_at)).toBe(T0 + 10.4 * HOUR);

    const day15 = await call('GET', '/api/complaints/admin/report?from=2026-01-15&to=2026-01-15', boss);
    expect(day15).toMatchObject({
      filed: 2,
      resolved: 1,
      rejected: 1,
      // filed to the second Resolved: 10.4 h (exact: a few complaints are read whole)
      resolutionHours: { median: 10.4, p90: 10.4 },
      // 1.2 h (the warden's message) and 4.6 h (the rejection): p90 1.2 + 0.9 * 3.4
      firstResponseHours: { median: 2.9, p90: 4.3 },
      byMonth: [{ month: '2026-01', filed: 2, resolved: 1, medianResolutionHours: 10.4 }],
    });
    const day16 = await call('GET', '/api/complaints/admin/report?from=2026-01-16&to=2026-01-16', boss);
    expect(day16).toMatchObject({
      filed: 1,
      resolved: 0,
      rejected: 0,
      resolutionHours: { median: null, p90: null },
      firstResponseHours: { median: null, p90: null },
    });
    // the default period ends today in TIME_ZONE (16 January by now) and holds all three
    const recent = await call('GET', '/api/complaints/admin/report', boss);
    expect(recent.to).toBe('2026-01-16');
    expect(recent.filed).toBe(3);
  });

  it('answers the same from the monthly rollup as from the complaints, through every kind of write', async () => {
    // more writes of each kind: filings of both types, status changes, a reopening, messages
    // (sessions last 12 hours from T0)
    at(11.1);
    const college = (
      await call('POST', '/api/complaints', owner, {
        type: 'College',
        subType: 'IT Support',
        description: 'The lab network is down',
      })
    ).complaint as { id: number };
    const fan = await fileOne('A fourth fan');
    const network = await buildAuthority(a, 'Network Department');
    at(11.3);
    await call('PUT', `/api/complaints/${fan.id}`, warden, { status: 'Resolved', remarks: 'Done' });
    at(11.5);
    await call('POST', `/api/complaints/${fan.id}/reopen`, owner, { reason: 'Broken again' });
    await call('PUT', `/api/complaints/${college.id}`, network, { status: 'In Progress' });
    at(11.9);
    await call('PUT', `/api/complaints/${college.id}`, network, {
      status: 'Resolved',
      remarks: 'Cable',
    });

    // the rollup holds exactly what a count over the complaints gives (migration 009's triggers)
    const { expected, actual } = await rollupAgainstComplaints(a.ctx.database.db);
    expect(actual).toEqual(expected);
    expect(expected.size).toBeGreaterThan(8);

    // January from its month rows (whole), as the month less its 1st (nothing was filed on the
    // 1st), and from its day rows (the 14th on: three days with complaints against thirteen):
    // the figures agree, with and without filters
    for (const filter of ['', '&type=Hostel', '&type=College', '&hostelNo=1']) {
      const whole = await call(
        'GET',
        `/api/complaints/admin/report?from=2026-01-01&to=2026-01-31${filter}`,
        boss,
      );
      expect(whole.filed).toBe(filter === '&type=College' ? 1 : 4 + (filter === '' ? 1 : 0));
      for (const from of ['2026-01-02', '2026-01-14'])
        expect(
          await call('GET', `/api/complaints/admin/report?from=${from}&to=2026-01-31${filter}`, boss),
          `${from}${filter}`,
        ).toEqual({ ...whole, from });
    }
  });
});

describe('exact percentiles for a small period, hour buckets for a large one (issue 33 row 7)', () => {
  let b: TestApp;
  let boss: Built;
  let owner: Built;
  const FEB = ist(2026, 2, 1, 0, 0);
  /** durations spread from a few minutes to five days, none on a bucket's middle */
  const durationOf = (k: number) => 0.13 + ((k * 7.919) % 120) + (k % 3) * 0.01;

  beforeAll(async () => {
    b = await createTestApp();
    b.clock.set(NOW);
    boss = await buildAdmin(b);
    owner = await buildStudent(b);
  });
  afterAll(async () => b?.close());

  /** Resolved complaints filed in February, `hours[k]` from filing to resolution and a tenth of it to a first response. */
  async function resolvedIn(hours: number[], hostelNo: (k: number) => number) {
    const rows = hours.map((h, k) => {
      const createdAt = FEB + (k % 27) * DAY + k * 1000;
      seq++;
      return {
        token: `CMP-EXA${String(seq).padStart(6, '0')}`,
        type: 'Hostel' as const,
        hostel_no: hostelNo(k),
        room_no: 'A-1',
        sub_type: 'Fan',
        is_network: 0,
        description: 'exact',
        status: 'Resolved' as const,
        remarks: null,
        assigned_to_id: null,
        assigned_name: null,
        assigned_designation: null,
        student_id: owner.id,
        student_name: owner.user.name,
        student_roll: null,
        created_at: createdAt,
        updated_at: createdAt + h * HOUR,
        closed_at: createdAt + h * HOUR,
        ...timelineColumns(b.config, {
          type: 'Hostel',
          createdAt,
          firstResponseAt: createdAt + (h / 10) * HOUR,
          resolvedAt: createdAt + h * HOUR,
        }),
      };
    });
    for (let k = 0; k < rows.length; k += 400)
      await b.ctx.database.db
        .insertInto('complaints')
        .values(rows.slice(k, k + 400))
        .execute();
  }

  /** The same from hour buckets, as the rollup counts them. */
  const bucketed = (hours: number[], p: number) => {
    const h = new Map<number, number>();
    for (const x of hours) addTo(h, hourBucket(x * HOUR), 1);
    return quantile(h, p);
  };
  /** percentile_cont of the durations, with one decimal. */
  const cont = (hours: number[], p: number) => {
    const sorted = [...hours].sort((x, y) => x - y);
    const at = (sorted.length - 1) * p;
    const low = sorted[Math.floor(at)] as number;
    const high = sorted[Math.ceil(at)] as number;
    return Math.round((low + (high - low) * (at - Math.floor(at))) * 10) / 10;
  };
  const february = (filter = '') =>
    b
      .request({
        method: 'GET',
        url: `/api/complaints/admin/report?from=2026-02-01&to=2026-02-28${filter}`,
        token: boss.token,
      })
      .then((r) => r.body);

  it(`reads up to ${EXACT_PERCENTILES_MAX} complaints whole, and counts more from the buckets within the contract's bound`, async () => {
    const hours = Array.from({ length: EXACT_PERCENTILES_MAX }, (_, k) => durationOf(k));
    // hostel 5 holds every fiftieth
    const hostel = (k: number) => (k % 50 === 0 ? 5 : 1 + (k % 4));
    await resolvedIn(hours, hostel);
    const started = performance.now();
    const small = await february();
    const took = performance.now() - started;
    console.info(`report over ${EXACT_PERCENTILES_MAX} complaints read whole: ${took.toFixed(1)} ms`);
    expect(small.filed).toBe(EXACT_PERCENTILES_MAX);
    expect(small.resolutionHours).toEqual({ median: cont(hours, 0.5), p90: cont(hours, 0.9) });
    const response = hours.map((h) => h / 10);
    expect(small.firstResponseHours).toEqual({ median: cont(response, 0.5), p90: cont(response, 0.9) });
    expect(small.byMonth[0].medianResolutionHours).toBe(cont(hours, 0.5));
    expect(small.byCategory[0].medianResolutionHours).toBe(cont(hours, 0.5));

    // one more: the whole period is counted from the buckets, each figure within 1 hour or 5%
    const more = [...hours, 61.37];
    await resolvedIn([61.37], () => 2);
    const large = await february();
    expect(large.filed).toBe(EXACT_PERCENTILES_MAX + 1);
    for (const [got, p] of [
      [large.resolutionHours.median, 0.5],
      [large.resolutionHours.p90, 0.9],
    ] as const)
      expectNear(got, cont(more, p), `p${p * 100} from the buckets`);
    // the buckets' figures, not the exact ones
    expect(large.resolutionHours).toEqual({ median: bucketed(more, 0.5), p90: bucketed(more, 0.9) });
    expect(large.resolutionHours.median).not.toBe(cont(more, 0.5));

    // hostel 5's own complaints are few: exact again under that filter
    const h5 = hours.filter((_, k) => hostel(k) === 5);
    const five = await february('&hostelNo=5');
    expect(five.filed).toBe(h5.length);
    expect(five.resolutionHours).toEqual({ median: cont(h5, 0.5), p90: cont(h5, 0.9) });
  }, 60_000);

  it('keeps the buckets when the rows do not say what the rollup says (a resolution without its time)', async () => {
    await b.ctx.database.db
      .updateTable('complaints')
      .set({ resolved_at: null })
      .where('hostel_no', '=', 5)
      .where('created_at', '=', FEB)
      .execute();
    const five = await february('&hostelNo=5');
    // counted from the buckets
    expect(five.resolved).toBe(five.filed);
    const h5 = Array.from({ length: EXACT_PERCENTILES_MAX }, (_, k) => k)
      .filter((k) => k % 50 === 0)
      .map(durationOf);
    expect(five.resolutionHours).toEqual({ median: bucketed(h5, 0.5), p90: bucketed(h5, 0.9) });
    expect(five.resolutionHours.median).not.toBe(cont(h5, 0.5));
  });
});
