import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { grievanceCounts } from '../../db/migrations/027-grievance-counts';

/**
 * Migration 027: a member's list total is read from the counts kept with every submission and
 * change of status, so it must equal the rows the list pages through, for every viewer and filter;
 * the migration seeds the counts and the decisions' working days from existing rows.
 */
let t: TestApp;
let admin: Built;
let chair: Built;
let ombud: Built;
let both: Built;
let ragging: Built;
let confidential: Built;

const list = (query: string, by: Built) =>
  t.request({ method: 'GET', url: `/api/grievances${query}`, token: by.token });
const act = (id: number, path: string, by: Built, payload?: object) =>
  t.request({
    method: 'POST',
    url: `/api/grievances/${id}/${path}`,
    token: by.token,
    ...(payload ? { payload } : {}),
  });
const decision = { outcome: 'Upheld', text: 'The committee upholds the grievance in full.' };

async function submitAs(student: Built, category: string, i: number): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/grievances',
    token: student.token,
    payload: {
      category,
      subject: `Grievance ${i}`,
      description: `The description of grievance number ${i}.`,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** The list's total, and the number of rows its pages hold. */
async function totalAndRows(query: string, by: Built) {
  let rows = 0;
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await list(`?pageSize=5&page=${page}${query}`, by);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    total = res.body.count;
    rows += res.body.data.length;
    if (res.body.data.length < 5) break;
  }
  return { total, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  chair = await buildAuthority(t, 'Other');
  ombud = await buildAuthority(t, 'Other');
  both = await buildAuthority(t, 'Other');
  ragging = await buildAuthority(t, 'Other');
  confidential = await buildAuthority(t, 'Other');
  for (const [committee, members] of [
    ['sgrc', [chair, both]],
    ['ombudsperson', [ombud]],
    ['anti-ragging', [ragging, confidential, both]],
    ['icc', [confidential]],
  ] as const) {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/committees/${committee}`,
      token: admin.token,
      payload: { members: members.map((m, i) => ({ userId: m.id, chair: i === 0 })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  // twelve students submit at once, four each (PostgreSQL: concurrent transactions on the counts)
  const students = await Promise.all(Array.from({ length: 12 }, () => buildStudent(t)));
  const categories = [
    'Admission',
    'Fees and refunds',
    'Ragging',
    'Sexual harassment',
    'Scholarship',
    'Other',
  ];
  const ids = (
    await Promise.all(
      students.map(async (s, k) => {
        const mine: number[] = [];
        for (let j = 0; j < 4; j++)
          mine.push(await submitAs(s, categories[(k + j) % categories.length]!, k * 4 + j));
        return mine.map((id) => ({ id, student: s }));
      }),
    )
  ).flat();
  const view = async (id: number) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/grievances/${id}`,
        token: ids.find((g) => g.id === id)!.student.token,
      })
    ).body.data;
  // steps on some, taken at once too
  await Promise.all(
    ids.map(async ({ id, student }, i) => {
      const g = await view(id);
      const by = g.committee === 'sgrc' ? chair : g.committee === 'icc' ? confidential : ragging;
      if (i % 5 === 0) expect((await act(id, 'withdraw', student)).status).toBe(200);
      else if (i % 5 === 1)
        expect(
          (
            await act(id, 'hearing', by, {
              at: new Date(t.clock.now() + 86_400_000).toISOString(),
              place: 'Room 2',
            })
          ).status,
        ).toBe(200);
      else if (i % 5 >= 2) {
        expect((await act(id, 'decision', by, decision)).status).toBe(200);
        if (g.committee === 'sgrc' && i % 5 >= 3) {
          expect(
            (await act(id, 'appeal', student, { reason: 'The committee did not hear my witness at all.' }))
              .status,
          ).toBe(200);
          if (i % 5 === 4) expect((await act(id, 'appeal-decision', ombud, decision)).status).toBe(200);
        }
      }
    }),
  );
});
afterAll(async () => t.close());

describe('the kept grievance counts (migration 027)', () => {
  it("gives every member's list, with each status and category filter, the total of the rows it pages through", async () => {
    const filters = [
      '',
      '&status=Submitted',
      '&status=Hearing%20scheduled',
      '&status=Decided',
      '&status=Withdrawn',
      '&status=Appealed',
      '&status=Appeal%20decided',
      '&category=Admission',
      '&category=Ragging',
      '&category=Sexual%20harassment',
      '&status=Decided&category=Fees%20and%20refunds',
    ];
    for (const viewer of [chair, ombud, both, ragging, confidential])
      for (const filter of filters) {
        const { total, rows } = await totalAndRows(filter, viewer);
        expect(total, `${viewer.user.name} ${filter}`).toBe(rows);
      }
    // the sets are not trivial: the Ombudsperson sees the appealed ones only, the two-seat member both committees'
    expect((await totalAndRows('', ombud)).total).toBeGreaterThan(0);
    expect((await totalAndRows('', ombud)).total).toBeLessThan((await totalAndRows('', chair)).total);
    expect((await totalAndRows('', both)).total).toBe(
      (await totalAndRows('', chair)).total + (await totalAndRows('', ragging)).total,
    );
  });

  it('seeds the counts and the decisions’ working days from the rows', async () => {
    const db = t.ctx.database.db;
    const counts = await db
      .selectFrom('grievance_counts')
      .selectAll()
      .orderBy('category')
      .orderBy('status')
      .execute();
    const days = await db
      .selectFrom('grievances')
      .select(['id', 'decision_working_days'])
      .orderBy('id')
      .execute();
    expect(days.some((d) => d.decision_working_days !== null)).toBe(true);
    const migration = grievanceCounts({
      timeZone: t.ctx.config.timeZone,
      workingDays: t.ctx.config.workingDays,
    });
    await migration.down!(db as never);
    await migration.up(db as never);
    const seeded = await db
      .selectFrom('grievance_counts')
      .selectAll()
      .orderBy('category')
      .orderBy('status')
      .execute();
    expect(seeded.filter((c) => Number(c.n) !== 0).map((c) => ({ ...c, n: Number(c.n) }))).toEqual(
      counts.filter((c) => Number(c.n) !== 0).map((c) => ({ ...c, n: Number(c.n) })),
    );
    expect(
      await db.selectFrom('grievances').select(['id', 'decision_working_days']).orderBy('id').execute(),
    ).toEqual(days);
  });
});
