import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce, expectRefused } from '../../../test/at-once';
import {
  type Built,
  buildAdmin,
  buildAuthority,
  buildComplaint,
  buildStudent,
  type ComplaintRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(async () => t.close());

/** A complaint row straight in the table: these tests are about feedback, not filing. */
const complaintOf = (student: Built, status: ComplaintRow['status'] = 'Resolved', on: TestApp = t) =>
  buildComplaint(on, student, { status });

const submit = (student: Built, payload: Record<string, unknown>, on: TestApp = t) =>
  on.request({ method: 'POST', url: '/api/feedback', token: student.token, payload });

describe('submitting feedback', () => {
  it('accepts a rating for the student’s own resolved complaint and returns it', async () => {
    const s = await buildStudent(t);
    const c = await complaintOf(s);
    const res = await submit(s, { complaintId: c.id, rating: 4, comments: 'Fixed quickly' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Feedback submitted successfully');
    expect(res.body.data).toMatchObject({
      rating: 4,
      comments: 'Fixed quickly',
      complaint: { id: c.id, token: c.token, type: 'Hostel', subType: 'Fan' },
      student: { name: s.user.name, rollNo: s.user.rollNo },
    });
  });

  it('answers 404 for another student’s complaint and for a missing one', async () => {
    const owner = await buildStudent(t);
    const other = await buildStudent(t);
    const c = await complaintOf(owner);
    const res = await submit(other, { complaintId: c.id, rating: 5 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Complaint not found');
    expect((await submit(other, { complaintId: 999999, rating: 5 })).status).toBe(404);
  });

  it('answers 400 for a complaint that is not resolved', async () => {
    const s = await buildStudent(t);
    for (const status of ['Pending', 'In Progress', 'Rejected'] as const) {
      const c = await complaintOf(s, status);
      const res = await submit(s, { complaintId: c.id, rating: 5 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Feedback can only be given for a resolved complaint');
    }
  });

  it('answers 409 the second time, also when two submissions race', async () => {
    const s = await buildStudent(t);
    const c = await complaintOf(s);
    expect((await submit(s, { complaintId: c.id, rating: 5 })).status).toBe(201);
    const again = await submit(s, { complaintId: c.id, rating: 3 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Feedback already submitted');

    const c2 = await complaintOf(s);
    const race = await atOnce(4, () => submit(s, { complaintId: c2.id, rating: 2 }));
    expect(race.statuses).toEqual({ 201: 1, 409: 3 });
    expectRefused(race.with(409), 'Feedback already submitted');
  });

  // One connection serializes SQLite's transactions; on PostgreSQL a reopening (or an authority's status change)
  // committing while the feedback is stored could leave a rating on a complaint that is Pending again.
  it.runIf(process.env.TEST_DIALECT === 'postgres')(
    'waits for a status change under way and refuses feedback on the complaint it reopened',
    async () => {
      const s = await buildStudent(t);
      const c = await complaintOf(s);
      let release = () => {};
      let changed = () => {};
      const isChanged = new Promise<void>((resolve) => {
        changed = resolve;
      });
      const reopening = t.ctx.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('complaints').set({ status: 'Pending' }).where('id', '=', c.id).execute();
        changed();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await isChanged;
      let settled = false;
      const answer = submit(s, { complaintId: c.id, rating: 5 }).finally(() => {
        settled = true;
      });
      // until the feedback waits on the complaint's row (or, wrongly, is answered without waiting)
      for (let waited = 0; !settled && waited < 5_000; waited += 20) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.database.db);
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await reopening;
      const res = await answer;
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Feedback can only be given for a resolved complaint');
      const stored = await t.ctx.database.db
        .selectFrom('feedback')
        .select('id')
        .where('complaint_id', '=', c.id)
        .execute();
      expect(stored).toEqual([]);
    },
  );

  it('refuses ratings 0, 6, 2.5 and text with 400', async () => {
    const s = await buildStudent(t);
    const c = await complaintOf(s);
    for (const rating of [0, 6, 2.5, '4', null]) {
      const res = await submit(s, { complaintId: c.id, rating });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Rating must be a whole number from 1 to 5');
    }
  });

  it('takes comments as optional and refuses comments over 1000 characters', async () => {
    const s = await buildStudent(t);
    const c = await complaintOf(s);
    const long = await submit(s, { complaintId: c.id, rating: 3, comments: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    const res = await submit(s, { complaintId: c.id, rating: 3 });
    expect(res.status).toBe(201);
    expect(res.body.data.comments).toBeNull();
  });

  it('lets only students submit', async () => {
    const a = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    expect(
      (await t.request({ method: 'POST', url: '/api/feedback', payload: { complaintId: 1, rating: 5 } }))
        .status,
    ).toBe(401);
    expect((await submit(a, { complaintId: 1, rating: 5 })).status).toBe(403);
    expect((await submit(admin, { complaintId: 1, rating: 5 })).status).toBe(403);
  });
});

describe('pending feedback for the student', () => {
  it('lists only the student’s resolved complaints without feedback', async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    const waiting = await complaintOf(s);
    const rated = await complaintOf(s);
    await complaintOf(s, 'Pending');
    await complaintOf(other);
    await submit(s, { complaintId: rated.id, rating: 5 });
    const res = await t.request({ method: 'GET', url: '/api/feedback/pending', token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: waiting.id, token: waiting.token, type: 'Hostel', subType: 'Fan', createdAt: expect.any(String) },
    ]);
  });
});

describe('the admin feedback list', () => {
  it('averages ratings 5, 4, 4 to 4.3 and lists them newest first, paginated', async () => {
    const fresh = await createTestApp();
    try {
      const a = await buildAdmin(fresh);
      const empty = await fresh.request({ method: 'GET', url: '/api/feedback', token: a.token });
      expect(empty.body).toMatchObject({ count: 0, averageRating: null, data: [] });

      const s = await buildStudent(fresh);
      for (const rating of [5, 4, 4]) {
        const c = await complaintOf(s, 'Resolved', fresh);
        fresh.clock.advance(1000);
        expect((await submit(s, { complaintId: c.id, rating }, fresh)).status).toBe(201);
      }

      const res = await fresh.request({
        method: 'GET',
        url: '/api/feedback?page=1&pageSize=2',
        token: a.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 3, page: 1, pageSize: 2, averageRating: 4.3 });
      expect(res.body.data.map((f: { rating: number }) => f.rating)).toEqual([4, 4]);
      expect(res.body.data[0].student).toEqual({ name: s.user.name, rollNo: s.user.rollNo });
      const page2 = await fresh.request({
        method: 'GET',
        url: '/api/feedback?page=2&pageSize=2',
        token: a.token,
      });
      expect(page2.body.data.map((f: { rating: number }) => f.rating)).toEqual([5]);
      // keyset: the page below the last feedback shown on page 1 is the same page 2
      const byKeyset = await fresh.request({
        method: 'GET',
        url: `/api/feedback?page=2&pageSize=2&before=${res.body.data[1].id}`,
        token: a.token,
      });
      expect(byKeyset.body.data.map((f: { id: number }) => f.id)).toEqual(
        page2.body.data.map((f: { id: number }) => f.id),
      );
      expect(byKeyset.body).toMatchObject({ count: 3, page: 2, pageSize: 2 });
    } finally {
      await fresh.close();
    }
  });

  it('is for admins only', async () => {
    const s = await buildStudent(t);
    expect((await t.request({ method: 'GET', url: '/api/feedback' })).status).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/feedback', token: s.token })).status).toBe(403);
  });
});

describe('the rating shown back', () => {
  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });

  it("is in the student's own list: null until rated, then the rating given", async () => {
    const s = await buildStudent(t);
    const rated = await complaintOf(s);
    const open = await complaintOf(s, 'Pending');
    const before = await get('/api/complaints/student', s.token);
    expect(before.status).toBe(200);
    const ratingOf = (body: { data: Array<{ id: number; rating?: number | null }> }, id: number) =>
      body.data.find((c) => c.id === id)?.rating;
    expect(ratingOf(before.body, rated.id)).toBeNull();
    expect(ratingOf(before.body, open.id)).toBeNull();

    expect((await submit(s, { complaintId: rated.id, rating: 3 })).status).toBe(201);
    const after = await get('/api/complaints/student', s.token);
    expect(ratingOf(after.body, rated.id)).toBe(3);
    expect(ratingOf(after.body, open.id)).toBeNull();
  });

  it('is on the complaint’s page for its student and for admins, and not told to the authority', async () => {
    const s = await buildStudent(t);
    const c = await complaintOf(s);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const page = (token: string) => get(`/api/complaints/${c.token}`, token);

    expect((await page(s.token)).body.data.rating).toBeNull();
    expect((await page(admin.token)).body.data.rating).toBeNull();

    expect((await submit(s, { complaintId: c.id, rating: 2, comments: 'Took a week' })).status).toBe(201);
    expect((await page(s.token)).body.data.rating).toBe(2);
    expect((await page(admin.token)).body.data.rating).toBe(2);
    const seenByWarden = await page(warden.token);
    expect(seenByWarden.status).toBe(200);
    expect(seenByWarden.body.data).not.toHaveProperty('rating');
  });

  it('is not in the authority’s or the admin’s lists', async () => {
    const s = await buildStudent(t);
    const c = await complaintOf(s);
    expect((await submit(s, { complaintId: c.id, rating: 5 })).status).toBe(201);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const lists = [
      await get('/api/complaints/authority?pageSize=100', warden.token),
      await get('/api/complaints/admin/all?pageSize=100', admin.token),
    ];
    for (const list of lists) {
      const row = list.body.data.find((r: { id: number }) => r.id === c.id);
      expect(row).toBeDefined();
      expect(row).not.toHaveProperty('rating');
    }
  });
});
