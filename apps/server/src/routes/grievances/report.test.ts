import { GRIEVANCE_REPORT_COLUMNS } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createSession } from '../../services/accounts/sessions';

/**
 * CONTRACT 7.4: the grievance report, on a set built through the API with the manual clock. TIME_ZONE
 * is Asia/Kolkata (UTC+05:30); 4 March 2026 (a Wednesday) is a holiday.
 */
let t: TestApp;
let admin: Built;
let chair: Built;
let ombud: Built;
let ragging: Built;
let icc: Built;
let s1: Built;
let s2: Built;
let s3: Built;
const everyone = () => [admin, chair, ombud, ragging, icc, s1, s2, s3];

/** An instant given as IST wall-clock time. */
const ist = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);

/** Moves the clock, and gives everyone a new session (a session lasts 12 hours). */
async function moveClockTo(ms: number) {
  t.clock.set(ms);
  for (const u of everyone()) u.token = (await createSession(t.ctx, u.id, false)).token;
}

const ids: Record<string, number> = {};
/** What no answer of the report may hold: each grievance's subject and description, each student's name and roll. */
const secrets: string[] = [];

async function submit(key: string, by: Built, category: string) {
  const subject = `Subject ${key} zebra${key}`;
  const description = `Description of grievance ${key}, with words only it has: quokka${key}.`;
  secrets.push(subject, description);
  const res = await t.request({
    method: 'POST',
    url: '/api/grievances',
    token: by.token,
    payload: { category, subject, description },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids[key] = res.body.data.id;
}

async function act(key: string, path: string, by: Built, payload?: object) {
  const res = await t.request({
    method: 'POST',
    url: `/api/grievances/${ids[key]}/${path}`,
    token: by.token,
    ...(payload ? { payload } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const decision = { outcome: 'Upheld', text: 'The committee upholds the grievance in full.' };
const appeal = { reason: 'The committee did not hear my witness at all.' };

const report = (query: string, by: Built | null = admin) =>
  t.request({ method: 'GET', url: `/api/admin/grievances/report${query}`, token: by?.token });
const reportCsv = (query: string, by: Built | null = admin) =>
  t.request({ method: 'GET', url: `/api/admin/grievances/report.csv${query}`, token: by?.token });
const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.[0]?.field;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  chair = await buildAuthority(t, 'Other', { name: 'Chair Person' });
  ombud = await buildAuthority(t, 'Other', { name: 'Om Buds' });
  ragging = await buildAuthority(t, 'Other', { name: 'Rag Chair' });
  icc = await buildAuthority(t, 'Other', { name: 'Icc Chair' });
  s1 = await buildStudent(t, { name: 'Aarav Walrusname' });
  s2 = await buildStudent(t, { name: 'Diya Pelicanname' });
  s3 = await buildStudent(t, { name: 'Kabir Narwhalname' });
  for (const s of [s1, s2, s3]) secrets.push(s.user.name, s.user.rollNo as string);
  for (const [committee, member] of [
    ['sgrc', chair],
    ['ombudsperson', ombud],
    ['anti-ragging', ragging],
    ['icc', icc],
  ] as const) {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/committees/${committee}`,
      token: admin.token,
      payload: { members: [{ userId: member.id, chair: true }] },
    });
    expect(res.status).toBe(200);
  }
  const holidays = await t.request({
    method: 'PUT',
    url: '/api/admin/calendar/2026',
    token: admin.token,
    payload: { holidays: [{ date: '2026-03-04', name: 'Holi' }] },
  });
  expect(holidays.status).toBe(200);

  // Monday 2 March: five SGRC grievances and the two confidential ones
  await moveClockTo(ist('2026-03-02', '10:00'));
  await submit('A', s1, 'Examination and results');
  await submit('B', s1, 'Fees and refunds');
  await submit('C', s1, 'Scholarship');
  await submit('D', s2, 'Ragging');
  await submit('E', s2, 'Sexual harassment');
  await submit('W', s2, 'Admission');
  await act('W', 'withdraw', s2);
  // Tuesday 3 March: the ragging case decided, one working day on
  await moveClockTo(ist('2026-03-03', '12:00'));
  await act('D', 'decision', ragging, decision);
  // Friday 6 March: A decided, three working days on (Tue, Thu, Fri: Wednesday is Holi)
  await moveClockTo(ist('2026-03-06', '15:00'));
  await act('A', 'decision', chair, decision);
  await moveClockTo(ist('2026-03-07', '10:00'));
  await act('A', 'appeal', s1, appeal);
  // Monday 9 March: B decided, four working days on (across Holi and the weekend)
  await moveClockTo(ist('2026-03-09', '11:00'));
  await act('B', 'decision', chair, decision);
  await moveClockTo(ist('2026-03-10', '11:00'));
  await act('B', 'appeal', s1, appeal);
  // A's appeal decided well within its 30 days; B's never
  await moveClockTo(ist('2026-03-16', '11:00'));
  await act('A', 'appeal-decision', ombud, decision);
  // the last half hour of March and the first of April in IST (both 31 March in UTC)
  await moveClockTo(ist('2026-03-31', '23:30'));
  await submit('G', s3, 'Other');
  await moveClockTo(ist('2026-04-01', '00:30'));
  await submit('F', s3, 'Other');
  // F decided after its dueAt (22 April): 18 working days on
  await moveClockTo(ist('2026-04-27', '10:00'));
  await act('F', 'decision', chair, decision);
  // now: C, E and G past their dueAt, B's appeal past its own
  await moveClockTo(ist('2026-05-20', '10:00'));
});
afterAll(async () => t.close());

describe('the grievance report (CONTRACT 7.4)', () => {
  it('counts per committee and month of submission, in COMMITTEES order, with the median working days to a decision', async () => {
    const res = await report('?from=2026-03-01&to=2026-04-30');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-03-01',
      to: '2026-04-30',
      rows: [
        {
          committee: 'sgrc',
          month: '2026-03',
          // A, B, C, W (withdrawn) and G
          received: 5,
          decided: 2,
          decidedByDue: 2,
          appealed: 2,
          appealsDecidedByDue: 1,
          // C and G past their dueAt, B's appeal past its own
          openPastDue: 3,
          // 3 and 4 working days
          medianWorkingDays: 3.5,
        },
        {
          committee: 'sgrc',
          month: '2026-04',
          received: 1,
          decided: 1,
          decidedByDue: 0,
          appealed: 0,
          appealsDecidedByDue: 0,
          openPastDue: 0,
          medianWorkingDays: 18,
        },
        {
          committee: 'anti-ragging',
          month: '2026-03',
          received: 1,
          decided: 1,
          decidedByDue: 1,
          appealed: 0,
          appealsDecidedByDue: 0,
          openPastDue: 0,
          medianWorkingDays: 1,
        },
        {
          committee: 'icc',
          month: '2026-03',
          received: 1,
          decided: 0,
          decidedByDue: 0,
          appealed: 0,
          appealsDecidedByDue: 0,
          openPastDue: 1,
          medianWorkingDays: null,
        },
      ],
    });
  });

  it('counts open past due as of now: before the deadlines passed, nothing was', async () => {
    const now = t.clock.now();
    await moveClockTo(ist('2026-03-20', '10:00'));
    const res = await report('?from=2026-03-01&to=2026-03-31');
    expect(res.body.rows.map((r: { openPastDue: number }) => r.openPastDue)).toEqual([0, 0, 0]);
    await moveClockTo(now);
  });

  it("takes the period's days in TIME_ZONE: 23:30 IST on 31 March is March's, 00:30 IST on 1 April is April's", async () => {
    const april = await report('?from=2026-04-01&to=2026-04-01');
    expect(april.body.rows).toEqual([
      expect.objectContaining({ committee: 'sgrc', month: '2026-04', received: 1 }),
    ]);
    const lastOfMarch = await report('?from=2026-03-31&to=2026-03-31');
    expect(lastOfMarch.body.rows).toEqual([
      expect.objectContaining({
        month: '2026-03',
        received: 1,
        decided: 0,
        openPastDue: 1,
        medianWorkingDays: null,
      }),
    ]);
    // a month the period begins inside of is that month's row, counted from the period's first day
    const fromMarch2 = await report('?from=2026-03-02&to=2026-03-02');
    expect(fromMarch2.body.rows.map((r: { committee: string }) => r.committee)).toEqual([
      'sgrc',
      'anti-ragging',
      'icc',
    ]);
    expect((await report('?from=2026-03-03&to=2026-03-30')).body.rows).toEqual([]);
  });

  it('covers the last 90 days up to today in TIME_ZONE without dates, and 90 days from a lone from', async () => {
    const res = await report('');
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2026-02-20');
    expect(res.body.to).toBe('2026-05-20');
    expect(res.body.rows).toHaveLength(4);
    const lone = await report('?from=2026-04-01');
    expect([lone.body.from, lone.body.to]).toEqual(['2026-04-01', '2026-06-29']);
  });

  it('refuses a day that is no day, a reversed period and one of more than 366 days with 400 naming the field', async () => {
    for (const get of [report, reportCsv]) {
      const bad = await get('?from=2026-02-30');
      expect(bad.status).toBe(400);
      expect(fieldOf(bad.body)).toBe('from');
      const reversed = await get('?from=2026-04-02&to=2026-04-01');
      expect(reversed.status).toBe(400);
      expect(fieldOf(reversed.body)).toBe('from');
      const long = await get('?from=2025-01-01&to=2026-01-02');
      expect(long.status).toBe(400);
      expect(fieldOf(long.body)).toBe('to');
      expect((await get('?from=2025-01-02&to=2026-01-02')).status).toBe(200);
      expect(fieldOf((await get('?to=nope')).body)).toBe('to');
    }
  });

  it('is for admins only: 401 without a session, 403 for a student and a committee member', async () => {
    for (const get of [report, reportCsv]) {
      expect((await get('', null)).status).toBe(401);
      expect((await get('', s1)).status).toBe(403);
      expect((await get('', chair)).status).toBe(403);
      expect((await get('', ombud)).status).toBe(403);
    }
  });

  it('answers the same as CSV: a byte-order mark, the header, a record per row, the period in the file name', async () => {
    const res = await reportCsv('?from=2026-03-01&to=2026-04-30');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="grievance-report-2026-03-01-to-2026-04-30.csv"',
    );
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'committee,committeeName,month,received,decided,decidedByDue,appealed,appealsDecidedByDue,openPastDue,medianWorkingDays',
      "sgrc,Students' Grievance Redressal Committee,2026-03,5,2,2,2,1,3,3.5",
      "sgrc,Students' Grievance Redressal Committee,2026-04,1,1,0,0,0,0,18",
      'anti-ragging,Anti-Ragging Committee,2026-03,1,1,1,0,0,0,1',
      'icc,Internal Complaints Committee,2026-03,1,0,0,0,0,1,',
      '',
    ]);
    // a period without a grievance: the header alone; the file names the default period too
    const empty = await reportCsv('?from=2026-03-03&to=2026-03-30');
    expect(empty.body).toBe(`\uFEFF${GRIEVANCE_REPORT_COLUMNS.join(',')}\r\n`);
    expect((await reportCsv('')).headers['content-disposition']).toBe(
      'attachment; filename="grievance-report-2026-02-20-to-2026-05-20.csv"',
    );
  });

  it('keeps a decision’s working days as counted when it was made: a holiday declared later moves no median', async () => {
    const setHolidays = (holidays: object[]) =>
      t.request({
        method: 'PUT',
        url: '/api/admin/calendar/2026',
        token: admin.token,
        payload: { holidays },
      });
    // Thursday 5 March, between A's and B's submission and their decisions, made a holiday afterwards
    expect(
      (
        await setHolidays([
          { date: '2026-03-04', name: 'Holi' },
          { date: '2026-03-05', name: 'Declared later' },
        ])
      ).status,
    ).toBe(200);
    try {
      const res = await report('?from=2026-03-01&to=2026-03-31');
      expect(res.body.rows[0]).toMatchObject({ committee: 'sgrc', month: '2026-03', medianWorkingDays: 3.5 });
    } finally {
      expect((await setHolidays([{ date: '2026-03-04', name: 'Holi' }])).status).toBe(200);
    }
  });

  it("holds no grievance's subject or description and no student's name or roll number, confidential or not", async () => {
    const json = await report('?from=2026-03-01&to=2026-04-30');
    const csv = await reportCsv('?from=2026-03-01&to=2026-04-30');
    expect(secrets).toHaveLength(8 * 2 + 3 * 2);
    for (const body of [JSON.stringify(json.body), csv.body as string]) {
      for (const secret of secrets) expect(body).not.toContain(secret);
      // nor any word of theirs
      expect(body).not.toMatch(/zebra|quokka|Walrus|Pelican|Narwhal|BTECH/);
    }
  });
});
