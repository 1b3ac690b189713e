import {
  COMPLAINT_STATUSES,
  type TComplaintStatus,
  type TComplaintType,
  type TDesignation,
} from '@bit/contract';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import type { ComplaintsTable } from '../db/schema';
import type { UserRow } from '../services/accounts/users';
import { authoritiesInScope } from '../services/complaints';
import { complaintScope } from './complaints';
import { SCOPE_KINDS, type Scope } from './scope';
import { applyScope } from './scope-sql';

/**
 * Every form of the visibility rules (the list filter, the lookup's condition, the counters a
 * complaint is counted in and read from, who is mailed about it) is derived from SCOPE_KINDS. This
 * checks each one against the description read directly, on complaints filed and moved through the
 * app: a derivation that drifts (counterScopesOf forgetting a kind, a list filtering on another
 * column, a counter key spelt differently) makes a scope's list, counts or lookups disagree here.
 */

type Row = Selectable<ComplaintsTable>;

/** The description read directly: does this scope see this complaint? */
function described(scope: Scope, row: Row): boolean {
  if (scope.kind === 'none') return false;
  const rule = SCOPE_KINDS[scope.kind];
  if (!rule.column) return true;
  const value = 'flag' in rule ? 1 : (scope as unknown as Record<string, number>)[rule.param];
  return row[rule.column] !== null && Number(row[rule.column]) === value;
}

const byStatus = (rows: Row[]) =>
  Object.fromEntries(COMPLAINT_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length])) as Record<
    TComplaintStatus,
    number
  >;

const FILINGS: { type: TComplaintType; hostelNo?: number; subType: string }[] = [
  { type: 'Hostel', hostelNo: 1, subType: 'Plumbing' },
  { type: 'Hostel', hostelNo: 1, subType: 'Internet' },
  { type: 'Hostel', hostelNo: 1, subType: 'Network' },
  { type: 'Hostel', hostelNo: 2, subType: 'Electrical' },
  { type: 'Hostel', hostelNo: 2, subType: 'Network' },
  { type: 'Hostel', hostelNo: 5, subType: 'Fan' },
  { type: 'Hostel', hostelNo: 5, subType: 'Internet' },
  { type: 'Hostel', hostelNo: 13, subType: 'Other' },
  { type: 'College', subType: 'Library' },
  { type: 'College', subType: 'IT Support' },
  { type: 'College', subType: 'Electrical' },
  { type: 'College', subType: 'Other' },
];
// every filing three times over (by different students), then moved to a spread of statuses
const MOVES: (TComplaintStatus | 'reopen')[] = ['Pending', 'In Progress', 'Resolved', 'Rejected', 'reopen'];

let t: TestApp;
let rows: Row[];
/** who is looked at: every designation (hostel ones for a hostel with and without complaints), one awaiting approval, the students */
const viewers: { name: string; built: Built; row: UserRow }[] = [];

async function userRow(built: Built): Promise<UserRow> {
  const { password_hash: _hash, ...row } = await t.ctx.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', built.id)
    .executeTakeFirstOrThrow();
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const students = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
  const other = await buildAuthority(t, 'Other');
  const authorities: [string, TDesignation, number | null, boolean][] = [
    ['clerk 1', 'Hostel Clerk', 1, true],
    ['warden 1', 'Warden', 1, true],
    ['warden 2', 'Warden', 2, true],
    ['clerk 5', 'Hostel Clerk', 5, true],
    ['warden 7 (no complaints)', 'Warden', 7, true],
    ['warden 2 awaiting approval', 'Warden', 2, false],
    ['network', 'Network Department', null, true],
    ['network awaiting approval', 'Network Department', null, false],
  ];
  viewers.push({ name: 'other', built: other, row: await userRow(other) });
  for (const [name, designation, hostelNo, approved] of authorities) {
    const built = await buildAuthority(t, designation, { hostelNo, approved });
    viewers.push({ name, built, row: await userRow(built) });
  }
  for (const [i, s] of students.entries())
    viewers.push({ name: `student ${i}`, built: s, row: await userRow(s) });
  const admin = await buildAdmin(t);
  viewers.push({ name: 'admin', built: admin, row: await userRow(admin) });

  let n = 0;
  for (const student of students) {
    for (const f of FILINGS) {
      const payload = {
        ...f,
        ...(f.type === 'Hostel' ? { roomNo: '101' } : {}),
        description: `complaint ${n}`,
      };
      const filed = await t.request({
        method: 'POST',
        url: '/api/complaints',
        token: student.token,
        payload,
      });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      const id = Number(filed.body.complaint.id);
      const move = MOVES[n++ % MOVES.length]!;
      if (move === 'Pending') continue;
      const status = move === 'reopen' ? 'Resolved' : move;
      const updated = await t.request({
        method: 'PUT',
        url: `/api/complaints/${id}`,
        token: other.token,
        payload: { status, remarks: 'moved' },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      if (move === 'reopen') {
        const reopened = await t.request({
          method: 'POST',
          url: `/api/complaints/${id}/reopen`,
          token: student.token,
          payload: { reason: 'still broken' },
        });
        expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
      }
    }
  }
  rows = await t.ctx.database.db.selectFrom('complaints').selectAll().orderBy('id', 'desc').execute();
  expect(rows).toHaveLength(3 * FILINGS.length);
});
afterAll(async () => t.close());

/** Every page of a list, by number, 7 at a time so that several pages are read. */
async function everyPage(url: string, token: string) {
  const ids: number[] = [];
  let first: { count: number; stats?: Record<string, number> } | undefined;
  for (let page = 1; ; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.request({ method: 'GET', url: `${url}${sep}page=${page}&pageSize=7`, token });
    expect(res.status, url).toBe(200);
    first ??= res.body;
    ids.push(...res.body.data.map((c: { id: number }) => c.id));
    if (res.body.data.length < 7) break;
  }
  return { ids, count: first?.count ?? 0, stats: first?.stats };
}

describe('a scope, in every form derived from its description', () => {
  it('stores the flag a flagged kind of scope is stated on, as its description says of each filing', () => {
    for (const row of rows) {
      for (const rule of Object.values(SCOPE_KINDS)) {
        if (!rule.column || !('flag' in rule)) continue;
        expect(Number(row[rule.column]), row.sub_type).toBe(
          rule.flag({ type: row.type, subType: row.sub_type }) ? 1 : 0,
        );
      }
    }
  });

  it('lists exactly the complaints its description says it sees, and counts them under its own counter key', async () => {
    let checked = 0;
    for (const v of viewers) {
      const scope = complaintScope(v.row);
      const seen = rows.filter((r) => described(scope, r));
      const expected = byStatus(seen);
      if (v.row.role === 'admin') continue;
      if (v.row.role === 'student') {
        const list = await everyPage('/api/complaints/student', v.built.token);
        expect(list.ids, v.name).toEqual(seen.map((r) => Number(r.id)));
        expect(list.count, v.name).toBe(seen.length);
        checked++;
        continue;
      }
      const list = await everyPage('/api/complaints/authority', v.built.token);
      expect(list.ids, v.name).toEqual(seen.map((r) => Number(r.id)));
      expect(list.count, v.name).toBe(seen.length);
      // the stats are the counters under the scope's key, bumped under the keys of the scopes that see each complaint
      expect(list.stats, v.name).toEqual({
        total: seen.length,
        pending: expected.Pending,
        inProgress: expected['In Progress'],
        resolved: expected.Resolved,
        rejected: expected.Rejected,
        overdue: 0,
      });
      for (const status of COMPLAINT_STATUSES) {
        const filtered = await everyPage(
          `/api/complaints/authority?status=${encodeURIComponent(status)}`,
          v.built.token,
        );
        const want = seen.filter((r) => r.status === status).map((r) => Number(r.id));
        expect(filtered.ids, `${v.name} ${status}`).toEqual(want);
        expect(filtered.count, `${v.name} ${status}`).toBe(want.length);
      }
      checked++;
    }
    // every designation, a hostel without complaints, two awaiting approval and three students
    expect(checked).toBe(viewers.length - 1);
  });

  it('finds by token, and counts by its query condition, exactly the complaints its description says it sees', async () => {
    for (const v of viewers) {
      const scope = complaintScope(v.row);
      for (const row of rows) {
        const res = await t.request({
          method: 'GET',
          url: `/api/complaints/${row.token}`,
          token: v.built.token,
        });
        expect(res.status, `${v.name} ${row.sub_type} ${row.hostel_no}`).toBe(
          described(scope, row) ? 200 : 404,
        );
      }
      const counted = await applyScope(
        t.ctx.database.db.selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')),
        scope,
      ).executeTakeFirstOrThrow();
      expect(Number(counted.n), v.name).toBe(rows.filter((r) => described(scope, r)).length);
    }
  });

  it('counts every complaint under the key of each scope and type that sees it, and keeps no other complaint counter', async () => {
    const counters = Object.fromEntries(
      (await t.ctx.database.db.selectFrom('counters').selectAll().where('key', 'like', 'c:%').execute()).map(
        (r) => [r.key, Number(r.value)],
      ),
    );
    const expected: Record<string, number> = {};
    const add = (key: string, row: Row) => {
      expected[`c:${key}:${row.status}`] = (expected[`c:${key}:${row.status}`] ?? 0) + 1;
    };
    // each counted kind's scope that sees a complaint, under `<kind>` or `<kind>:<value>` (the
    // description's convention); and its type, for the admin's type filter
    for (const row of rows) {
      for (const [kind, rule] of Object.entries(SCOPE_KINDS)) {
        if (!rule.counted) continue;
        if (!rule.column) add(kind, row);
        else if ('flag' in rule) {
          if (Number(row[rule.column]) === 1) add(kind, row);
        } else if (row[rule.column] !== null) add(`${kind}:${Number(row[rule.column])}`, row);
      }
      add(`type:${row.type}`, row);
    }
    const nonZero = Object.fromEntries(Object.entries(counters).filter(([, value]) => value !== 0));
    expect(nonZero).toEqual(expected);
  });

  it('lets the admin filter by hostel and type with counts that match the complaints listed', async () => {
    const admin = viewers.find((v) => v.row.role === 'admin')!;
    const filters: [string, (r: Row) => boolean][] = [
      ['', () => true],
      ['type=Hostel', (r) => r.type === 'Hostel'],
      ['type=College', (r) => r.type === 'College'],
      ...[1, 2, 5, 7, 13].map((h): [string, (r: Row) => boolean] => [
        `hostelNo=${h}`,
        (r) => r.hostel_no === h,
      ]),
    ];
    for (const [query, keep] of filters) {
      for (const status of [undefined, ...COMPLAINT_STATUSES]) {
        const q = [query, status ? `status=${encodeURIComponent(status)}` : ''].filter(Boolean).join('&');
        const list = await everyPage(`/api/complaints/admin/all${q ? `?${q}` : ''}`, admin.built.token);
        const want = rows.filter((r) => keep(r) && (!status || r.status === status)).map((r) => Number(r.id));
        expect(list.ids, q).toEqual(want);
        expect(list.count, q).toBe(want.length);
      }
    }
  });

  it('mails about a complaint exactly the approved authorities whose scope sees it', async () => {
    const authorities = viewers.filter((v) => v.row.role === 'authority' && v.row.approved === 1);
    for (const row of rows) {
      const told = (await authoritiesInScope(t.ctx.database.db, row)).map((a) => Number(a.id)).sort();
      const want = authorities
        .filter((v) => described(complaintScope(v.row), row))
        .map((v) => v.built.id)
        .sort();
      expect(told, `${row.sub_type} ${row.hostel_no}`).toEqual(want);
    }
  });
});
