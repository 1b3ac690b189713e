import { COMPLAINT_STATUSES, type TComplaintStatus } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readStatementCount } from '../../db/statement-count';
import { bumpCounters } from '../../services/complaints/counters';

let t: TestApp;
let students: Built[];
let warden1: Built;
let network: Built;
let other: Built;
let admin: Built;

interface Filed {
  id: number;
  type: 'Hostel' | 'College';
  hostelNo: number | null;
  status: TComplaintStatus;
  student: number;
  network: boolean;
}
const filed: Filed[] = [];
const N = 25;

beforeAll(async () => {
  t = await createTestApp();
  students = [await buildStudent(t), await buildStudent(t)];
  warden1 = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  network = await buildAuthority(t, 'Network Department');
  other = await buildAuthority(t, 'Other');
  admin = await buildAdmin(t);
  for (let i = 0; i < N; i++) {
    const isCollege = i % 5 === 4;
    const hostelNo = isCollege ? null : (i % 3) + 1;
    const subType = isCollege ? 'Library' : i % 4 === 0 ? 'Internet' : 'Plumbing';
    const student = i % 2;
    const res = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: students[student]?.token,
      payload: isCollege
        ? { type: 'College', subType, description: `complaint ${i}` }
        : { type: 'Hostel', hostelNo, roomNo: `R${i}`, subType, description: `complaint ${i}` },
    });
    expect(res.status).toBe(201);
    const status = COMPLAINT_STATUSES[i % 4] as TComplaintStatus;
    const id = res.body.complaint.id as number;
    // go through In Progress first, so the counters are moved more than once
    for (const s of status === 'Pending' ? [] : (['In Progress', status] as const)) {
      const upd = await t.request({
        method: 'PUT',
        url: `/api/complaints/${id}`,
        token: other.token,
        payload: { status: s },
      });
      expect(upd.status).toBe(200);
    }
    filed.push({
      id,
      type: isCollege ? 'College' : 'Hostel',
      hostelNo,
      status,
      student,
      network: subType === 'Internet',
    });
  }
});
afterAll(async () => t.close());

const newestFirst = (rows: Filed[]) => rows.map((r) => r.id).sort((a, b) => b - a);

/** The admin list with a query string. */
const adminList = (query = '') =>
  t.request({ method: 'GET', url: `/api/complaints/admin/all${query && `?${query}`}`, token: admin.token });

/**
 * Walks every page of a list and checks count, page sizes and order against the expected ids, and
 * that each page read by keyset (`before` = the last id of the page before) holds the same ids.
 */
async function expectPages(url: string, token: string, expected: number[], pageSize = 4) {
  const seen: number[] = [];
  const sep = url.includes('?') ? '&' : '?';
  const pages = Math.ceil(expected.length / pageSize) + 1;
  for (let page = 1; page <= pages; page++) {
    const res = await t.request({
      method: 'GET',
      url: `${url}${sep}page=${page}&pageSize=${pageSize}`,
      token,
    });
    expect(res.status, url).toBe(200);
    expect(res.body.count, url).toBe(expected.length);
    expect(res.body.page).toBe(page);
    expect(res.body.pageSize).toBe(pageSize);
    expect(res.body.data.length, `${url} page ${page}`).toBe(
      Math.max(0, Math.min(pageSize, expected.length - (page - 1) * pageSize)),
    );
    const ids = res.body.data.map((d: { id: number }) => d.id);
    const lastShown = seen.at(-1);
    if (lastShown !== undefined) {
      const byKeyset = await t.request({
        method: 'GET',
        url: `${url}${sep}page=${page}&pageSize=${pageSize}&before=${lastShown}`,
        token,
      });
      expect(byKeyset.status, url).toBe(200);
      expect(byKeyset.body.count, url).toBe(expected.length);
      expect(byKeyset.body.page).toBe(page);
      expect(
        byKeyset.body.data.map((d: { id: number }) => d.id),
        `${url} before=${lastShown}`,
      ).toEqual(ids);
    }
    seen.push(...ids);
  }
  expect(seen, url).toEqual(expected);
  return seen;
}

function statsOf(rows: Filed[]) {
  const n = (s: TComplaintStatus) => rows.filter((r) => r.status === s).length;
  return {
    total: rows.length,
    pending: n('Pending'),
    inProgress: n('In Progress'),
    resolved: n('Resolved'),
    rejected: n('Rejected'),
    // filed just now: none is due yet (overdue.test.ts moves the clock)
    overdue: 0,
  };
}

describe('the admin list', () => {
  it('filters by every combination of hostel, type and status, with counts and pages to match', async () => {
    let combos = 0;
    for (const hostelNo of [undefined, 1, 2, 3, 13]) {
      for (const type of [undefined, 'Hostel', 'College'] as const) {
        for (const status of [undefined, ...COMPLAINT_STATUSES]) {
          const expected = newestFirst(
            filed.filter(
              (f) =>
                (hostelNo === undefined || f.hostelNo === hostelNo) &&
                (type === undefined || f.type === type) &&
                (status === undefined || f.status === status),
            ),
          );
          const q = new URLSearchParams();
          if (hostelNo !== undefined) q.set('hostelNo', String(hostelNo));
          if (type) q.set('type', type);
          if (status) q.set('status', status);
          await expectPages(`/api/complaints/admin/all?${q}`, admin.token, expected);
          combos++;
        }
      }
    }
    expect(combos).toBe(75);
  });

  it('gives a hostel number with type College nothing, since college complaints have no hostel', async () => {
    const res = await adminList('hostelNo=1&type=College');
    expect(res.body).toMatchObject({ count: 0, data: [] });
  });

  it('treats empty filters from a form as no filter', async () => {
    const res = await adminList('hostelNo=&type=&status=&pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(N);
  });

  it('defaults to page 1 of 20, newest first', async () => {
    const res = await adminList();
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(20);
    expect(res.body.data.map((d: { id: number }) => d.id)).toEqual(newestFirst(filed).slice(0, 20));
  });

  it('answers a page up to 50,000 complaints deep and refuses a deeper one, saying how to reach it', async () => {
    for (const q of [
      'page=2501',
      'page=501&pageSize=100',
      'page=10000&pageSize=5',
      'page=100000000&before=1',
    ]) {
      const res = await adminList(q);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
    const deeper = await adminList('page=2502&status=Pending');
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toBe(
      'page must be at most 2501 when pageSize is 20; use before= (the last id of the page shown) to go deeper',
    );
    // by keyset any depth is served, since nothing is skipped
    const newest = newestFirst(filed);
    const keyset = await adminList(`page=90000&before=${newest[2]}`);
    expect(keyset.status).toBe(200);
    expect(keyset.body.page).toBe(90000);
    expect(keyset.body.data.map((d: { id: number }) => d.id)).toEqual(newest.slice(3, 23));
  });

  it('names only the first thing wrong with a page query', async () => {
    const res = await adminList('page=600&pageSize=101');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('pageSize must be at most 100');
  });

  const badQueries = [
    'hostelNo=0',
    'hostelNo=14',
    'hostelNo=abc',
    'type=Mess',
    'status=Closed',
    'page=0',
    'page=10001',
    'pageSize=101',
    'pageSize=-1',
    'page=1.5',
    'page=2502',
    'page=502&pageSize=100',
    'before=0',
    'before=abc',
    'before=1.5',
    'before=99999999999999999999',
  ];
  for (const q of badQueries) {
    it(`refuses the admin list query ${q} with 400`, async () => {
      const res = await adminList(q);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    });
  }
});

describe('the authority list', () => {
  const cases: [string, () => Built, (f: Filed) => boolean][] = [
    ['the warden of hostel 1', () => warden1, (f) => f.hostelNo === 1],
    ['the network department', () => network, (f) => f.network],
    ['an Other authority', () => other, () => true],
  ];
  for (const [who, user, inScope] of cases) {
    it(`pages ${who}'s scope by status, with stats over the whole scope`, async () => {
      const scope = filed.filter(inScope);
      for (const status of [undefined, ...COMPLAINT_STATUSES]) {
        const expected = newestFirst(scope.filter((f) => status === undefined || f.status === status));
        const url = `/api/complaints/authority${status ? `?status=${encodeURIComponent(status)}` : ''}`;
        await expectPages(url, user().token, expected, 3);
        const res = await t.request({ method: 'GET', url, token: user().token });
        expect(res.body.stats).toEqual(statsOf(scope));
      }
    });
  }

  it('reads its session, page ids, rows and every count, the overdue ones included, in four statements', async () => {
    for (const url of [
      '/api/complaints/authority',
      '/api/complaints/authority?overdue=true',
      '/api/complaints/authority?overdue=true&status=Pending',
    ]) {
      const before = readStatementCount();
      const res = await t.request({ method: 'GET', url, token: warden1.token });
      expect(res.status, url).toBe(200);
      // an empty page (nothing is overdue on this clock) reads no rows; on PostgreSQL the statements
      // are counted as round trips, the same
      expect(readStatementCount() - before, url).toBe(res.body.data.length > 0 ? 4 : 3);
    }
  });

  it('refuses an unknown status filter with 400', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/complaints/authority?status=Done',
      token: other.token,
    });
    expect(res.status).toBe(400);
  });
});

describe("the student's own list", () => {
  it('pages each student through their own complaints only, newest first', async () => {
    for (const [i, s] of students.entries()) {
      await expectPages(
        '/api/complaints/student',
        s.token,
        newestFirst(filed.filter((f) => f.student === i)),
        5,
      );
    }
  });

  it('gives a student with no complaints an empty page', async () => {
    const fresh = await buildStudent(t);
    const res = await t.request({ method: 'GET', url: '/api/complaints/student', token: fresh.token });
    expect(res.body).toEqual({ count: 0, page: 1, pageSize: 20, data: [] });
  });
});

describe('the admin stats', () => {
  it('counts complaints by status, hostel and type, with no rating before any feedback', async () => {
    const res = await t.request({ method: 'GET', url: '/api/complaints/admin/stats', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(statsOf(filed));
    expect(res.body.averageRating).toBeNull();
    expect(res.body.feedbackCount).toBe(0);
    expect(res.body.byHostel).toHaveLength(13);
    for (const h of res.body.byHostel) {
      expect(h.total, `hostel ${h.hostelNo}`).toBe(filed.filter((f) => f.hostelNo === h.hostelNo).length);
    }
    expect(res.body.byType).toEqual({
      Hostel: filed.filter((f) => f.type === 'Hostel').length,
      College: filed.filter((f) => f.type === 'College').length,
    });
  });

  it('averages the ratings rounded to one decimal', async () => {
    const resolved = filed.filter((f) => f.status === 'Resolved');
    const give = async (ratings: number[]) => {
      for (const rating of ratings) {
        const f = resolved.shift();
        if (!f) throw new Error('not enough resolved complaints');
        await t.ctx.database.db
          .insertInto('feedback')
          .values({
            complaint_id: f.id,
            student_id: students[f.student]?.id ?? 0,
            rating,
            comments: null,
            created_at: t.clock.now(),
          })
          .execute();
        // the feedback service keeps these counters; this test stands in for it
        await bumpCounters(t.ctx.database.db, { 'fb:count': 1, 'fb:sum': rating });
      }
    };
    const stats = async () =>
      (await t.request({ method: 'GET', url: '/api/complaints/admin/stats', token: admin.token })).body;

    await give([5, 4, 4]);
    expect(await stats()).toMatchObject({ averageRating: 4.3, feedbackCount: 3 });
    await give([4]);
    // 17 / 4 = 4.25: half rounds up
    expect(await stats()).toMatchObject({ averageRating: 4.3, feedbackCount: 4 });
    await give([1]);
    // 18 / 5 = 3.6
    expect(await stats()).toMatchObject({ averageRating: 3.6, feedbackCount: 5 });
  });
});
