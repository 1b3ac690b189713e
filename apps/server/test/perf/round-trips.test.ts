import { MSG } from '@bit/contract';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto';
import { createSession, findSession } from '../../src/services/accounts/sessions';
import {
  getComplaintByTokenWithSession,
  listAdminComplaints,
  listAdminComplaintsWithSession,
  readAttachment,
  readAttachmentWithSession,
} from '../../src/services/complaints';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../harness';
import { multipart } from '../multipart';

/**
 * Issue 21: on PostgreSQL a read request is one round trip, its session checked in the read's own
 * statement (decision 0019). Every round trip of node-postgres is one Client#query, pooled or not.
 */
if (TEST_DIALECT === 'postgres') {
  describe('round trips per read request on PostgreSQL', () => {
    let t: TestApp;
    let student: Built;
    let other: Built;
    let warden: Built;
    let admin: Built;
    let token: string;
    let id: number;
    const queries: string[] = [];
    const original = pg.Client.prototype.query;

    /** The response and the SQL of the round trips it took. */
    async function counted(opts: Parameters<TestApp['request']>[0]) {
      queries.length = 0;
      const res = await t.request(opts);
      return { ...res, trips: [...queries] };
    }

    beforeAll(async () => {
      // before the pool connects: a connected client may keep the method it found
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const first = args[0] as string | { text?: string };
        queries.push(typeof first === 'string' ? first : String(first?.text));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      t = await createTestApp();
      student = await buildStudent(t);
      other = await buildStudent(t);
      warden = await buildAuthority(t, 'Warden', { hostelNo: 2 });
      admin = await buildAdmin(t);
      const filed = await t.request({
        method: 'POST',
        url: '/api/complaints',
        token: student.token,
        payload: { type: 'Hostel', hostelNo: 2, roomNo: 'B-2', subType: 'Plumbing', description: 'Leak' },
      });
      token = filed.body.token;
      id = filed.body.complaint.id;
      await t.request({
        method: 'PUT',
        url: `/api/complaints/${id}`,
        token: warden.token,
        payload: { status: 'In Progress', remarks: 'On it' },
      });
      await t.request({
        method: 'POST',
        url: `/api/complaints/${id}/messages`,
        token: student.token,
        payload: { body: 'Still leaking' },
      });
    });
    afterAll(async () => {
      pg.Client.prototype.query = original;
      await t.close();
    });

    describe('GET a complaint by token', () => {
      it('answers its student with the complaint, history and conversation in one round trip', async () => {
        const res = await counted({ method: 'GET', url: `/api/complaints/${token}`, token: student.token });
        expect(res.status).toBe(200);
        expect(res.trips).toHaveLength(1);
        expect(res.body.data.history.map((h: { status: string }) => h.status)).toEqual([
          'Pending',
          'In Progress',
        ]);
        expect(res.body.data.messages.map((m: { body: string }) => m.body)).toEqual(['Still leaking']);
        expect(res.body.data.rating).toBeNull();
      });

      it('answers the warden in scope and the admin in one round trip each', async () => {
        for (const who of [warden, admin]) {
          const res = await counted({ method: 'GET', url: `/api/complaints/${token}`, token: who.token });
          expect(res.status).toBe(200);
          expect(res.trips).toHaveLength(1);
        }
      });

      it('answers another student 404 "not found", as for a token that does not exist, in one round trip', async () => {
        const res = await counted({ method: 'GET', url: `/api/complaints/${token}`, token: other.token });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(MSG.complaintNotFound);
        expect(res.trips).toHaveLength(1);
        const missing = await counted({
          method: 'GET',
          url: '/api/complaints/CMP-NOPE',
          token: student.token,
        });
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe(MSG.complaintNotFound);
      });

      it('answers 401 to an expired session, with no data', async () => {
        const s = await buildStudent(t);
        t.clock.advance(13 * 60 * 60 * 1000);
        try {
          const res = await counted({ method: 'GET', url: `/api/complaints/${token}`, token: s.token });
          expect(res.status).toBe(401);
          expect(res.body).toEqual({ message: MSG.notSignedIn });
        } finally {
          t.clock.advance(-13 * 60 * 60 * 1000);
        }
      });

      it('answers 401 without a round trip to a request with no token', async () => {
        const res = await counted({ method: 'GET', url: `/api/complaints/${token}` });
        expect(res.status).toBe(401);
        expect(res.trips).toHaveLength(0);
      });

      it('answers a malformed token 401 for a dead session and 400 for a live one, as before', async () => {
        const bad = '/api/complaints/not-a-token';
        expect((await counted({ method: 'GET', url: bad, token: 'y'.repeat(40) })).status).toBe(401);
        expect((await counted({ method: 'GET', url: bad, token: student.token })).status).toBe(400);
      });

      it('reads the same session as the session lookup of every other route', async () => {
        for (const who of [student, warden, admin]) {
          const joined = await getComplaintByTokenWithSession(t.ctx, sha256(who.token), token);
          expect(joined.session).toEqual(await findSession(t.ctx, who.token));
        }
      });
    });

    // The authority list and the admin stats keep their separate statements: joined, they were
    // slower at 1,000,000 complaints (docs/performance-history.md, issue 21; decision 0019).
    describe("the admin's list", () => {
      const lists = [
        '/api/complaints/admin/all?page=1',
        '/api/complaints/admin/all?hostelNo=2&status=Pending&page=1',
        '/api/complaints/admin/all?page=2&pageSize=1&before=999999',
        '/api/complaints/admin/all?page=1&overdue=true',
        '/api/complaints/admin/all?hostelNo=2&type=College&page=1',
      ];

      it('answers every filter, by page number and by keyset, in one round trip', async () => {
        for (const url of lists) {
          const res = await counted({ method: 'GET', url, token: admin.token });
          expect(res.status, url).toBe(200);
          expect(res.trips, url).toHaveLength(1);
        }
        const list = await counted({ method: 'GET', url: lists[0]!, token: admin.token });
        expect(list.body.data.map((c: { id: number }) => c.id)).toContain(id);
      });

      it('answers 403 to the wrong role and 401 to an expired session, in one round trip', async () => {
        for (const url of lists) {
          const res = await counted({ method: 'GET', url, token: warden.token });
          expect(res.status, url).toBe(403);
          expect(res.body).toEqual({ message: MSG.forbidden });
          expect(res.trips).toHaveLength(1);
        }
        const s = await buildAdmin(t);
        t.clock.advance(13 * 60 * 60 * 1000);
        try {
          for (const url of lists) {
            const res = await counted({ method: 'GET', url, token: s.token });
            expect(res.status, url).toBe(401);
            expect(res.body).toEqual({ message: MSG.notSignedIn });
          }
        } finally {
          t.clock.advance(-13 * 60 * 60 * 1000);
        }
      });

      it('answers a bad query string 401 for a dead session and 400 for a live one, as before', async () => {
        const url = '/api/complaints/admin/all?page=0';
        expect((await counted({ method: 'GET', url, token: 'y'.repeat(40) })).status).toBe(401);
        expect((await counted({ method: 'GET', url, token: warden.token })).status).toBe(403);
        expect((await counted({ method: 'GET', url, token: admin.token })).status).toBe(400);
      });

      it('gives the same answers as the statements it replaces', async () => {
        for (const payload of [
          { type: 'Hostel', hostelNo: 2, roomNo: 'B-3', subType: 'Internet', description: 'Down' },
          { type: 'College', subType: 'IT Support', description: 'Wi-Fi' },
          { type: 'College', subType: 'Library', description: 'Closed' },
        ]) {
          const res = await t.request({
            method: 'POST',
            url: '/api/complaints',
            token: other.token,
            payload,
          });
          expect(res.status).toBe(201);
        }
        // a session that outlasts the week that makes some complaints overdue
        const remembered = async (b: Built) => ({
          ...b,
          token: (await createSession(t.ctx, b.id, true)).token,
        });
        const admin2 = await remembered(admin);
        t.clock.advance(200 * 60 * 60 * 1000);
        try {
          const queries = [
            { page: 1, pageSize: 20 },
            { page: 1, pageSize: 1, status: 'Pending' as const },
            { page: 2, pageSize: 1, before: id + 10 },
            { page: 1, pageSize: 20, overdue: true },
            { page: 1, pageSize: 20, overdue: true, status: 'Pending' as const },
            { page: 1, pageSize: 20, overdue: true, status: 'Resolved' as const },
          ];
          const adminQueries = [
            ...queries,
            { page: 1, pageSize: 20, hostelNo: 2 },
            { page: 1, pageSize: 20, type: 'College' as const, overdue: true },
            { page: 1, pageSize: 20, hostelNo: 2, type: 'College' as const },
          ];
          for (const q of adminQueries) {
            const joined = await listAdminComplaintsWithSession(t.ctx, sha256(admin2.token), q);
            expect(await joined.answer(), JSON.stringify(q)).toEqual(await listAdminComplaints(t.ctx, q));
          }
        } finally {
          t.clock.advance(-200 * 60 * 60 * 1000);
        }
      });
    });

    describe('a photo and its thumbnail', () => {
      let photoId: number;
      beforeAll(async () => {
        const data = await sharp({
          create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } },
        })
          .jpeg()
          .toBuffer();
        const up = await t.request({
          method: 'POST',
          url: `/api/complaints/${id}/attachments`,
          token: student.token,
          ...(await multipart({}, { name: 'leak.jpg', data, type: 'image/jpeg', field: 'file' })),
        });
        expect(up.status).toBe(201);
        photoId = up.body.data.id;
      });
      const get = (url: string, who?: Built) => {
        queries.length = 0;
        return t.app
          .inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${who.token}` } : {} })
          .then((res) => ({ res, trips: [...queries] }));
      };

      it('answers the student, the warden in scope and the admin in one round trip, the same bytes as the statements it replaces', async () => {
        for (const size of ['full', 'thumb'] as const) {
          const url = `/api/attachments/${photoId}${size === 'thumb' ? '/thumb' : ''}`;
          for (const who of [student, warden, admin]) {
            const { res, trips } = await get(url, who);
            expect(res.statusCode, url).toBe(200);
            expect(trips).toHaveLength(1);
            const session = await findSession(t.ctx, who.token);
            const alone = await readAttachment(t.ctx, session!.user, photoId, size);
            expect(res.headers['content-type']).toBe(alone.contentType);
            expect(res.rawPayload.equals(alone.data)).toBe(true);
            const joined = await readAttachmentWithSession(t.ctx, sha256(who.token), photoId, size);
            expect(joined.session).toEqual(session);
          }
        }
      });

      it('answers another student and an unknown photo 404 alike, in one round trip', async () => {
        for (const url of [`/api/attachments/${photoId}/thumb`, '/api/attachments/999999/thumb']) {
          const { res, trips } = await get(url, other);
          expect(res.statusCode, url).toBe(404);
          expect(res.json()).toEqual({ message: MSG.notFound });
          expect(trips).toHaveLength(1);
        }
      });

      it('answers 401 to no token and to an expired session, and a bad id 400 only to a live one', async () => {
        expect((await get(`/api/attachments/${photoId}/thumb`)).res.statusCode).toBe(401);
        const s = await buildStudent(t);
        t.clock.advance(13 * 60 * 60 * 1000);
        try {
          expect((await get(`/api/attachments/${photoId}/thumb`, s)).res.statusCode).toBe(401);
        } finally {
          t.clock.advance(-13 * 60 * 60 * 1000);
        }
        expect(
          (await get('/api/attachments/abc/thumb', { ...s, token: 'y'.repeat(40) })).res.statusCode,
        ).toBe(401);
        expect((await get('/api/attachments/abc/thumb', student)).res.statusCode).toBe(400);
      });
    });

    describe('the notices of an audience', () => {
      it('answers a page of notices and their count in one round trip, the same as the two statements', async () => {
        for (const hostel of ['all', '5', '6', '5']) {
          await t.ctx.database.db
            .insertInto('notifications')
            .values({
              title: `For ${hostel}`,
              message: 'Water off at noon',
              hostel,
              pdf_name: null,
              pdf_size: null,
              posted_by_id: admin.id,
              posted_by_name: 'Admin',
              posted_by_role: 'admin',
              created_at: t.clock.now(),
            })
            .execute();
        }
        const first = await counted({ method: 'GET', url: '/api/notifications/5?pageSize=2' });
        expect(first.status).toBe(200);
        expect(first.trips).toHaveLength(1);
        expect(first.body.count).toBe(3);
        expect(first.body.data.map((n: { title: string }) => n.title)).toEqual(['For 5', 'For 5']);
        const before = first.body.data[1].id;
        const next = await counted({
          method: 'GET',
          url: `/api/notifications/5?pageSize=2&page=2&before=${before}`,
        });
        expect(next.trips).toHaveLength(1);
        expect(next.body.data.map((n: { title: string }) => n.title)).toEqual(['For all']);
        const byNumber = await counted({ method: 'GET', url: '/api/notifications/5?pageSize=2&page=2' });
        expect(byNumber.body).toEqual(next.body);
        const every = await counted({ method: 'GET', url: '/api/notifications?pageSize=10' });
        expect(every.trips).toHaveLength(1);
        expect(every.body.count).toBe(4);
      });
    });
  });
}
