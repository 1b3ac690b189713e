/**
 * CONTRACT 5.5: due dates and overdue complaints: on each complaint, in the authority and admin
 * lists (`overdue=true`, most overdue first: 6.6) and in their counts, checked against a direct
 * count in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readStatementCount } from '../../db/statement-count';
import { createSession } from '../../services/accounts/sessions';

const HOUR = 3_600_000;
const MIN = 60_000;
const SLA_HOSTEL = 2;
const SLA_COLLEGE = 5;

let t: TestApp;
let students: Built[];
let warden1: Built;
let warden2: Built;
let network: Built;
let other: Built;
let admin: Built;
let filedCount = 0;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A live session for a user: sessions last 12 hours and these tests move the clock by many hours,
 * so a new one is made when the one in hand is more than 6 hours old.
 */
const sessions = new Map<number, { token: string; at: number }>();
async function tokenOf(who: Built): Promise<string> {
  const now = t.clock.now();
  const held = sessions.get(who.id) ?? { token: who.token, at: Number.NEGATIVE_INFINITY };
  if (now - held.at < 6 * HOUR) return held.token;
  const { token } = await createSession(t.ctx, who.id, false);
  sessions.set(who.id, { token, at: now });
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ config: { slaHoursHostel: SLA_HOSTEL, slaHoursCollege: SLA_COLLEGE } });
  students = [];
  for (let i = 0; i < 5; i++) students.push(await buildStudent(t));
  warden1 = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  warden2 = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  network = await buildAuthority(t, 'Network Department');
  other = await buildAuthority(t, 'Other');
  admin = await buildAdmin(t);
});
afterAll(async () => t?.close());

type Payload =
  | { type: 'Hostel'; hostelNo: number; roomNo: string; subType: string; description: string }
  | { type: 'College'; subType: string; description: string };

const hostel = (hostelNo: number, subType = 'Plumbing'): Payload => ({
  type: 'Hostel',
  hostelNo,
  roomNo: 'A-101',
  subType,
  description: `A ${subType} problem in hostel ${hostelNo}`,
});
const college = (subType = 'Library'): Payload => ({
  type: 'College',
  subType,
  description: `A ${subType} problem`,
});

/** Files through the API, spreading the complaints over the students (20 a day each). */
async function file(payload: Payload, owner?: Built) {
  const who = owner ?? (students[filedCount++ % students.length] as Built);
  const res = await t.request({ method: 'POST', url: '/api/complaints', token: await tokenOf(who), payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    ...(res.body.complaint as { id: number; token: string; dueAt: string; overdue: boolean }),
    owner: who,
  };
}

async function setStatus(id: number, status: 'In Progress' | 'Resolved' | 'Rejected', who = other) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/complaints/${id}`,
    token: await tokenOf(who),
    payload: { status, remarks: `now ${status}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function lookup(token: string, who: Built) {
  const res = await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: await tokenOf(who) });
  expect(res.status).toBe(200);
  return res.body.data as { dueAt: string; overdue: boolean; status: string };
}

interface DbFilter {
  hostelNo?: number;
  type?: 'Hostel' | 'College';
  status?: 'Pending' | 'In Progress' | 'Resolved' | 'Rejected';
  network?: boolean;
}

/** The overdue complaints under a filter, most overdue first (earliest due, then id), straight from the table. */
async function overdueInDb(f: DbFilter = {}): Promise<number[]> {
  let q = t.ctx.database.db
    .selectFrom('complaints')
    .select('id')
    .where('status', 'in', ['Pending', 'In Progress'])
    .where('due_at', '<=', t.clock.now());
  if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.network) q = q.where('is_network', '=', 1);
  const rows = await q.orderBy('due_at', 'asc').orderBy('id', 'asc').execute();
  return rows.map((r) => Number(r.id));
}

/** `select count(*)` of the same. */
async function overdueCountInDb(f: DbFilter = {}): Promise<number> {
  let q = t.ctx.database.db
    .selectFrom('complaints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', ['Pending', 'In Progress'])
    .where('due_at', '<=', t.clock.now());
  if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.network) q = q.where('is_network', '=', 1);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every page of a list, pageSize 100: the ids in the list's order and the count every page gave. */
async function listAll(url: string, who: Built) {
  const ids: number[] = [];
  const counts = new Set<number>();
  let body: { count: number; data: { id: number; overdue: boolean }[]; stats?: Record<string, number> };
  let pageNo = 1;
  let stats: Record<string, number> | undefined;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.request({
      method: 'GET',
      url: `${url}${sep}page=${pageNo}&pageSize=100`,
      token: await tokenOf(who),
    });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    body = res.body;
    stats ??= body.stats;
    counts.add(body.count);
    for (const d of body.data) ids.push(d.id);
    pageNo++;
  } while (body.data.length === 100);
  expect(counts.size, `${url} count on every page`).toBe(1);
  return { ids, count: [...counts][0] as number, stats, data: body.data };
}

describe('due dates (5.5)', () => {
  it('sets dueAt to the filing time plus the SLA hours of the complaint type', async () => {
    const filedAt = t.clock.now();
    const h = await file(hostel(1));
    const c = await file(college());
    expect(h.dueAt).toBe(iso(filedAt + SLA_HOSTEL * HOUR));
    expect(c.dueAt).toBe(iso(filedAt + SLA_COLLEGE * HOUR));
    expect(h.overdue).toBe(false);
    expect(c.overdue).toBe(false);
    const row = await t.ctx.database.db
      .selectFrom('complaints')
      .select('due_at')
      .where('id', '=', h.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.due_at)).toBe(filedAt + SLA_HOSTEL * HOUR);
  });

  it('uses the defaults of 72 hours for Hostel and 168 for College without configuration', async () => {
    const d = await createTestApp();
    try {
      const s = await buildStudent(d);
      const at = d.clock.now();
      const fileIn = async (payload: Payload) => {
        const res = await d.request({ method: 'POST', url: '/api/complaints', token: s.token, payload });
        expect(res.status).toBe(201);
        return res.body.complaint.dueAt as string;
      };
      expect(await fileIn(hostel(3))).toBe(iso(at + 72 * HOUR));
      expect(await fileIn(college())).toBe(iso(at + 168 * HOUR));
    } finally {
      await d.close();
    }
  });

  it('turns overdue exactly at dueAt: one millisecond before it is not, at it it is', async () => {
    const filedAt = t.clock.now();
    const h = await file(hostel(2));
    const c = await file(college());
    t.clock.set(filedAt + SLA_HOSTEL * HOUR - 1);
    expect((await lookup(h.token, h.owner)).overdue).toBe(false);
    t.clock.set(filedAt + SLA_HOSTEL * HOUR);
    expect((await lookup(h.token, h.owner)).overdue).toBe(true);
    expect((await lookup(c.token, c.owner)).overdue).toBe(false);
    t.clock.set(filedAt + SLA_COLLEGE * HOUR - 1);
    expect((await lookup(c.token, c.owner)).overdue).toBe(false);
    t.clock.set(filedAt + SLA_COLLEGE * HOUR);
    expect((await lookup(c.token, c.owner)).overdue).toBe(true);
    // still overdue while In Progress
    await setStatus(h.id, 'In Progress');
    const inProgress = await lookup(h.token, h.owner);
    expect(inProgress.status).toBe('In Progress');
    expect(inProgress.overdue).toBe(true);
  });

  it('never counts a Resolved or Rejected complaint as overdue, however late', async () => {
    const filedAt = t.clock.now();
    const resolved = await file(hostel(1));
    const rejected = await file(college());
    await setStatus(resolved.id, 'Resolved');
    await setStatus(rejected.id, 'Rejected');
    t.clock.set(filedAt + 6 * HOUR);
    for (const c of [resolved, rejected]) {
      const got = await lookup(c.token, c.owner);
      expect(got.overdue).toBe(false);
      expect(await overdueInDb()).not.toContain(c.id);
    }
    const all = await listAll('/api/complaints/admin/all?overdue=true', admin);
    expect(all.ids).not.toContain(resolved.id);
    expect(all.ids).not.toContain(rejected.id);
  });

  it('moves dueAt to the reopening time plus the SLA when the student reopens it', async () => {
    const filedAt = t.clock.now();
    const c = await file(hostel(1));
    expect(c.dueAt).toBe(iso(filedAt + SLA_HOSTEL * HOUR));
    t.clock.advance(30 * MIN);
    await setStatus(c.id, 'Resolved', warden1);
    t.clock.advance(3 * HOUR);
    const reopenedAt = t.clock.now();
    const res = await t.request({
      method: 'POST',
      url: `/api/complaints/${c.id}/reopen`,
      token: await tokenOf(c.owner),
      payload: { reason: 'The tap leaks again' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('Pending');
    expect(res.body.data.dueAt).toBe(iso(reopenedAt + SLA_HOSTEL * HOUR));
    // past the first due time, but not the new one
    expect(res.body.data.overdue).toBe(false);
    t.clock.set(reopenedAt + SLA_HOSTEL * HOUR - 1);
    expect((await lookup(c.token, c.owner)).overdue).toBe(false);
    t.clock.set(reopenedAt + SLA_HOSTEL * HOUR);
    const late = await lookup(c.token, c.owner);
    expect(late.dueAt).toBe(iso(reopenedAt + SLA_HOSTEL * HOUR));
    expect(late.overdue).toBe(true);
  });
});

describe('overdue lists and counts (5.5)', () => {
  beforeAll(async () => {
    // 30 complaints 10 minutes apart over several hostels, the college and the network,
    // in every status; then the clock stands where some are overdue and some not
    for (let i = 0; i < 30; i++) {
      const isCollege = i % 5 === 4;
      const subType = isCollege ? (i % 2 ? 'Library' : 'IT Support') : i % 4 === 0 ? 'Internet' : 'Plumbing';
      const c = await file(isCollege ? college(subType) : hostel((i % 3) + 1, subType));
      const status = (['Pending', 'In Progress', 'Resolved', 'Rejected'] as const)[i % 4] as
        | 'Pending'
        | 'In Progress'
        | 'Resolved'
        | 'Rejected';
      if (status !== 'Pending') {
        if (status !== 'In Progress') await setStatus(c.id, 'In Progress');
        await setStatus(c.id, status);
      }
      t.clock.advance(10 * MIN);
    }
  });

  // three instants: some hostel complaints overdue; most; the college ones too
  const moments = [0, 1.5 * HOUR, 3.5 * HOUR];

  it('lists exactly the overdue complaints for the admin, with every filter, and counts them', async () => {
    const start = t.clock.now();
    for (const at of moments) {
      t.clock.set(start + at);
      const filters: [string, DbFilter][] = [
        ['', {}],
        ['&status=Pending', { status: 'Pending' }],
        ['&status=In%20Progress', { status: 'In Progress' }],
        ['&status=Resolved', { status: 'Resolved' }],
        ['&hostelNo=1', { hostelNo: 1 }],
        ['&hostelNo=2&status=Pending', { hostelNo: 2, status: 'Pending' }],
        ['&type=College', { type: 'College' }],
        ['&type=Hostel&status=In%20Progress', { type: 'Hostel', status: 'In Progress' }],
        ['&type=College&hostelNo=1', { type: 'College', hostelNo: 1 }],
      ];
      let someOverdue = false;
      for (const [query, f] of filters) {
        const expected = await overdueInDb(f);
        const got = await listAll(`/api/complaints/admin/all?overdue=true${query}`, admin);
        expect(got.ids, `${query} at +${at / HOUR} h`).toEqual(expected);
        expect(got.count, `${query} at +${at / HOUR} h`).toBe(await overdueCountInDb(f));
        expect(got.count).toBe(expected.length);
        if (expected.length > 0) someOverdue = true;
      }
      expect(someOverdue).toBe(true);
      const page = await t.request({
        method: 'GET',
        url: '/api/complaints/admin/all?overdue=true&pageSize=100',
        token: await tokenOf(admin),
      });
      for (const c of page.body.data) expect(c.overdue).toBe(true);
    }
    // a filter both ways: the overdue ones are a strict part of all, and the rest are not overdue
    const everything = await listAll('/api/complaints/admin/all', admin);
    const overdue = new Set((await listAll('/api/complaints/admin/all?overdue=true', admin)).ids);
    expect(overdue.size).toBeGreaterThan(0);
    expect(overdue.size).toBeLessThan(everything.ids.length);
    const falseFilter = await listAll('/api/complaints/admin/all?overdue=false', admin);
    expect(falseFilter.ids).toEqual(everything.ids);
    // newest first there; most overdue first here (6.6)
    expect(everything.ids).toEqual([...everything.ids].sort((a, b) => b - a));
    const due = (await listAll('/api/complaints/admin/all?overdue=true', admin)).data.map((c) =>
      Date.parse((c as unknown as { dueAt: string }).dueAt),
    );
    expect(due).toEqual([...due].sort((a, b) => a - b));
  });

  it('lists exactly the overdue complaints in an authority scope, and stats.overdue agrees', async () => {
    const start = t.clock.now();
    const cases: [Built, DbFilter][] = [
      [warden1, { hostelNo: 1 }],
      [warden2, { hostelNo: 2 }],
      [network, { network: true }],
      [other, {}],
    ];
    for (const at of [0, HOUR]) {
      t.clock.set(start + at);
      for (const [who, scope] of cases) {
        const name = `${who.user.designation} ${who.user.hostelNo ?? ''}`;
        const expected = await overdueInDb(scope);
        const got = await listAll('/api/complaints/authority?overdue=true', who);
        expect(got.ids, name).toEqual(expected);
        expect(got.count, name).toBe(await overdueCountInDb(scope));
        expect(got.stats?.overdue, name).toBe(expected.length);
        // stats cover the whole scope, whatever the page filter
        const plain = await listAll('/api/complaints/authority', who);
        expect(plain.stats?.overdue, name).toBe(expected.length);
        for (const status of ['Pending', 'In Progress'] as const) {
          const f = { ...scope, status };
          const byStatus = await listAll(
            `/api/complaints/authority?overdue=true&status=${encodeURIComponent(status)}`,
            who,
          );
          expect(byStatus.ids, `${name} ${status}`).toEqual(await overdueInDb(f));
          expect(byStatus.count, `${name} ${status}`).toBe(await overdueCountInDb(f));
          expect(byStatus.stats?.overdue).toBe(expected.length);
        }
        const closed = await listAll('/api/complaints/authority?overdue=true&status=Resolved', who);
        expect(closed.ids).toEqual([]);
        expect(closed.count).toBe(0);
      }
    }
  });

  it('pages the overdue list by page number and by keyset alike', async () => {
    const expected = await overdueInDb();
    expect(expected.length).toBeGreaterThan(4);
    for (const [url, who] of [
      ['/api/complaints/admin/all?overdue=true', admin],
      ['/api/complaints/authority?overdue=true', other],
    ] as const) {
      const byPage: number[] = [];
      const byKeyset: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 3); page++) {
        const res = await t.request({
          method: 'GET',
          url: `${url}&page=${page}&pageSize=3`,
          token: await tokenOf(who),
        });
        expect(res.body.count).toBe(expected.length);
        byPage.push(...res.body.data.map((d: { id: number }) => d.id));
        const before = byKeyset.at(-1);
        const keyset = await t.request({
          method: 'GET',
          url: `${url}&page=${page}&pageSize=3${before === undefined ? '' : `&before=${before}`}`,
          token: await tokenOf(who),
        });
        expect(keyset.body.count).toBe(expected.length);
        byKeyset.push(...keyset.body.data.map((d: { id: number }) => d.id));
      }
      expect(byPage, url).toEqual(expected);
      expect(byKeyset, url).toEqual(expected);
    }
  });

  it('orders overdue lists most overdue first, equal due times by id, across pages, keysets and a keyset row that closed (6.6)', async () => {
    // four hostel 3 complaints due at the same moment, then one due ten minutes later
    const same = [];
    for (let i = 0; i < 4; i++) same.push(await file(hostel(3, 'Fan')));
    t.clock.advance(10 * MIN);
    const later = await file(hostel(3, 'Fan'));
    t.clock.advance(SLA_HOSTEL * HOUR + 20 * MIN);
    const expected = await overdueInDb({ hostelNo: 3 });
    const ids = [...same.map((c) => c.id), later.id];
    // this hostel's earlier overdue ones first, then the four of one due time in id order, then the later one
    expect(expected.slice(-5)).toEqual(ids);
    const warden3 = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    for (const [url, who] of [
      ['/api/complaints/admin/all?overdue=true&hostelNo=3', admin],
      ['/api/complaints/authority?overdue=true', warden3],
      ['/api/complaints/admin/all?overdue=true&hostelNo=3&status=Pending', admin],
    ] as const) {
      const want = url.includes('Pending') ? await overdueInDb({ hostelNo: 3, status: 'Pending' }) : expected;
      // pages of two by keyset: the cursor falls inside the run of equal due times
      const byKeyset: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 2) + 1; page++) {
        const before = byKeyset.at(-1);
        const res = await t.request({
          method: 'GET',
          url: `${url}&page=${page}&pageSize=2${before === undefined ? '' : `&before=${before}`}`,
          token: await tokenOf(who),
        });
        expect(res.status).toBe(200);
        expect(res.body.count, url).toBe(want.length);
        byKeyset.push(...res.body.data.map((d: { id: number }) => d.id));
      }
      expect(byKeyset, url).toEqual(want);
      expect((await listAll(url, who)).ids, url).toEqual(want);
    }
    // the page after a complaint that was resolved since it was shown goes on from where it stood
    const cursor = same[1] as (typeof same)[number];
    await setStatus(cursor.id, 'In Progress');
    await setStatus(cursor.id, 'Resolved');
    const after = await t.request({
      method: 'GET',
      url: `/api/complaints/admin/all?overdue=true&hostelNo=3&page=2&pageSize=10&before=${cursor.id}`,
      token: await tokenOf(admin),
    });
    expect(after.body.data.map((d: { id: number }) => d.id)).toEqual([same[2]?.id, same[3]?.id, later.id]);
    // a keyset that names no complaint ends the list
    const nowhere = await t.request({
      method: 'GET',
      url: '/api/complaints/admin/all?overdue=true&page=2&before=999999',
      token: await tokenOf(admin),
    });
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.data).toEqual([]);
  });

  it('gives the admin stats an overdue count equal to a direct count', async () => {
    const start = t.clock.now();
    for (const at of [0, 2 * HOUR, 8 * HOUR]) {
      t.clock.set(start + at);
      const token = await tokenOf(admin);
      const before = readStatementCount();
      const res = await t.request({ method: 'GET', url: '/api/complaints/admin/stats', token });
      // the session, then the counters and the count of those not due yet in one statement
      expect(readStatementCount() - before).toBe(2);
      expect(res.status).toBe(200);
      expect(res.body.overdue).toBe(await overdueCountInDb());
    }
    expect(await overdueCountInDb()).toBeGreaterThan(0);
  });

  it('refuses overdue=maybe with 400 and says what it takes', async () => {
    for (const url of [
      '/api/complaints/admin/all?overdue=maybe',
      '/api/complaints/authority?overdue=maybe',
      '/api/complaints/admin/export.csv?overdue=maybe',
    ]) {
      const who = url.includes('authority') ? other : admin;
      const res = await t.request({ method: 'GET', url, token: await tokenOf(who) });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/overdue must be true or false/);
    }
  });
});
