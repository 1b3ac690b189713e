import { MSG_CALENDAR } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { getCalendar, workingDeadline } from '../../services/grievances/calendar';

let t: TestApp;
let admin: Built;
let student: Built;
let warden: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  student = await buildStudent(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 2 });
});
afterAll(async () => t.close());

const read = (query = '', user: Built | null = student) =>
  t.request({ method: 'GET', url: `/api/calendar${query}`, token: user?.token });
const put = (year: number | string, payload: unknown, user: Built | null = admin) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/calendar/${year}`,
    token: user?.token,
    payload: payload as object,
  });

const holiday = (date: string, name = 'Holiday') => ({ date, name });
const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.[0]?.field;

describe('the calendar of working days (CONTRACT 7.1)', () => {
  it('answers the current year in TIME_ZONE by default, with WORKING_DAYS and no holidays yet', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    // the test clock stands at 15 Jan 2026
    expect(res.body).toEqual({ year: 2026, workingDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], holidays: [] });
    expect((await read('?year=')).body.year).toBe(2026);
  });

  it('takes the year in TIME_ZONE: at 31 Dec 23:30 IST the UTC year is the same, at 1 Jan 00:30 IST it is not', async () => {
    const saved = t.clock.now();
    try {
      // 1 Jan 2027 00:30 IST is 31 Dec 2026 19:00 UTC
      // (the service as the route calls it: a session made at 15 Jan 2026 has expired by December)
      t.clock.set(Date.parse('2027-01-01T00:30:00+05:30'));
      expect((await getCalendar(t.ctx)).year).toBe(2027);
      t.clock.set(Date.parse('2026-12-31T23:30:00+05:30'));
      expect((await getCalendar(t.ctx)).year).toBe(2026);
    } finally {
      t.clock.set(saved);
    }
  });

  it('is read by anyone signed in, and by no visitor', async () => {
    expect((await read('', null)).status).toBe(401);
    expect((await read('', warden)).status).toBe(200);
    expect((await read('', admin)).status).toBe(200);
  });

  it('refuses a year that is not one', async () => {
    for (const q of ['?year=abc', '?year=1999', '?year=2101', '?year=2026.5']) {
      const res = await read(q);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe(MSG_CALENDAR.yearInvalid);
    }
    expect((await put('20x6', { holidays: [] })).status).toBe(400);
  });

  it("replaces a year's holidays and answers the calendar, holidays in date order, names trimmed", async () => {
    const res = await put(2026, {
      holidays: [holiday('2026-08-15', ' Independence Day '), holiday('2026-01-26', 'Republic Day')],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      year: 2026,
      workingDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
      holidays: [
        { date: '2026-01-26', name: 'Republic Day' },
        { date: '2026-08-15', name: 'Independence Day' },
      ],
    });
    expect((await read('?year=2026')).body.holidays).toEqual(res.body.holidays);
    // replaced, not added to
    await put(2026, { holidays: [holiday('2026-10-02', 'Gandhi Jayanti')] });
    expect((await read('?year=2026')).body.holidays).toEqual([
      { date: '2026-10-02', name: 'Gandhi Jayanti' },
    ]);
    // another year is its own
    await put(2027, { holidays: [holiday('2027-01-26', 'Republic Day')] });
    expect((await read('?year=2026')).body.holidays).toHaveLength(1);
    expect((await read('?year=2027')).body.holidays).toEqual([{ date: '2027-01-26', name: 'Republic Day' }]);
    // emptied
    expect((await put(2027, { holidays: [] })).body.holidays).toEqual([]);
    expect((await read('?year=2027')).body.holidays).toEqual([]);
  });

  it('is kept by admins only', async () => {
    expect((await put(2026, { holidays: [] }, null)).status).toBe(401);
    expect((await put(2026, { holidays: [] }, student)).status).toBe(403);
    expect((await put(2026, { holidays: [] }, warden)).status).toBe(403);
  });

  it('refuses a date outside the year, naming it, and writes nothing', async () => {
    const res = await put(2026, { holidays: [holiday('2026-03-04'), holiday('2027-01-01', 'New Year')] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CALENDAR.dateOutsideYear(2026));
    expect(fieldOf(res.body)).toBe('holidays.1.date');
    expect((await read('?year=2026')).body.holidays).toEqual([
      { date: '2026-10-02', name: 'Gandhi Jayanti' },
    ]);
  });

  it('refuses a date twice, naming the second', async () => {
    const res = await put(2026, {
      holidays: [holiday('2026-03-04'), holiday('2026-05-01'), holiday('2026-03-04')],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CALENDAR.dateTwice);
    expect(fieldOf(res.body)).toBe('holidays.2.date');
  });

  it('refuses the 101st holiday', async () => {
    const days = Array.from({ length: 101 }, (_, i) =>
      holiday(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), `Day ${i}`),
    );
    const res = await put(2026, { holidays: days });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CALENDAR.tooMany);
    expect(fieldOf(res.body)).toBe('holidays');
    expect((await put(2026, { holidays: days.slice(0, 100) })).status).toBe(200);
    await put(2026, { holidays: [] });
  });

  it('refuses a name that is empty or longer than 60, and a date that is no day', async () => {
    const cases: [unknown, string, string][] = [
      [holiday('2026-03-04', '   '), MSG_CALENDAR.nameRequired, 'holidays.0.name'],
      [holiday('2026-03-04', 'x'.repeat(61)), MSG_CALENDAR.nameTooLong, 'holidays.0.name'],
      [{ date: '2026-03-04' }, MSG_CALENDAR.nameRequired, 'holidays.0.name'],
      [holiday('2026-02-30'), MSG_CALENDAR.dateInvalid, 'holidays.0.date'],
      [holiday('4 March 2026'), MSG_CALENDAR.dateInvalid, 'holidays.0.date'],
      [{ name: 'Holi' }, MSG_CALENDAR.dateInvalid, 'holidays.0.date'],
    ];
    for (const [h, message, field] of cases) {
      const res = await put(2026, { holidays: [h] });
      expect(res.status, JSON.stringify(h)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(fieldOf(res.body)).toBe(field);
    }
    expect((await put(2026, { holidays: [holiday('2026-03-04', 'x'.repeat(60))] })).status).toBe(200);
    expect((await put(2026, {})).status).toBe(400);
    expect((await put(2026, { holidays: 'none' })).body.message).toBe(MSG_CALENDAR.holidaysInvalid);
    expect((await put(2026, { holidays: [], extra: 1 })).status).toBe(400);
    await put(2026, { holidays: [] });
  });

  it('writes calendar.update to the audit log with the year as target', async () => {
    await put(2028, { holidays: [holiday('2028-01-26', 'Republic Day')] });
    const log = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=calendar.update',
      token: admin.token,
    });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      action: 'calendar.update',
      actor: { id: admin.id },
      target: { type: 'calendar', id: '2028' },
    });
    // a refused change leaves no entry
    const before = log.body.count;
    await put(2028, { holidays: [holiday('2029-01-01')] });
    const after = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=calendar.update',
      token: admin.token,
    });
    expect(after.body.count).toBe(before);
  });

  it('two replacements of the same year at once leave one of them whole', async () => {
    const a = [holiday('2030-01-01', 'A'), holiday('2030-01-02', 'A')];
    const b = [holiday('2030-01-02', 'B'), holiday('2030-01-03', 'B')];
    const [ra, rb] = await Promise.all([put(2030, { holidays: a }), put(2030, { holidays: b })]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const kept = (await read('?year=2030')).body.holidays;
    expect([a, b]).toContainEqual(kept);
  });
});

describe("a deadline N working days after an instant, on the server's calendar", () => {
  it('skips the weekend and the holidays, the next year’s too, and stays put when holidays change later', async () => {
    await put(2026, { holidays: [holiday('2026-12-25', 'Christmas')] });
    await put(2027, { holidays: [holiday('2027-01-01', 'New Year')] });
    // Wednesday 23 Dec 2026, 11:00 IST: Thu 24, Mon 28, Tue 29, Wed 30, Thu 31, Mon 4, Tue 5
    const at = Date.parse('2026-12-23T11:00:00+05:30');
    const due = await workingDeadline(t.ctx, at, 7);
    expect(new Date(due).toISOString()).toBe(new Date(Date.parse('2027-01-05T23:59:59+05:30')).toISOString());
    // a holiday added afterwards moves a deadline computed afterwards, not the one already computed
    await put(2027, { holidays: [holiday('2027-01-01', 'New Year'), holiday('2027-01-04', 'Added')] });
    expect(await workingDeadline(t.ctx, at, 7)).toBe(Date.parse('2027-01-06T23:59:59+05:30'));
    expect(due).toBe(Date.parse('2027-01-05T23:59:59+05:30'));
    // the calendar the service reads is the one the API answers
    expect((await getCalendar(t.ctx, 2027)).holidays.map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-01-04',
    ]);
  });

  it('counts from the day in TIME_ZONE: 23:30 and 00:30 IST', async () => {
    // Thursday 5 Nov 2026 23:30 IST: Friday is the first working day after
    expect(await workingDeadline(t.ctx, Date.parse('2026-11-05T23:30:00+05:30'), 1)).toBe(
      Date.parse('2026-11-06T23:59:59+05:30'),
    );
    // Friday 6 Nov 00:30 IST (still Thursday in UTC): Monday is
    expect(await workingDeadline(t.ctx, Date.parse('2026-11-06T00:30:00+05:30'), 1)).toBe(
      Date.parse('2026-11-09T23:59:59+05:30'),
    );
  });
});
