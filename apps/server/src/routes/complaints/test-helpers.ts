import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Built, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';

/** Helpers of the conversation suites (messages, photos, reopening, mails to authorities), over HTTP. */

export const DAY = 24 * 60 * 60 * 1000;

/**
 * A suite's app (a fresh database) with a student and the Warden of hostel `h`, made before its tests
 * and closed after them; read its fields inside the tests.
 */
export function appWithOwnerAndWarden(h: number) {
  const s = {} as { t: TestApp; owner: Built; warden: Built };
  beforeAll(async () => {
    s.t = await createTestApp();
    s.owner = await buildStudent(s.t);
    s.warden = await buildAuthority(s.t, 'Warden', { hostelNo: h });
  });
  afterAll(async () => s.t.close());
  return s;
}

export async function file(t: TestApp, student: Built, body: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.complaint as { id: number; token: string };
}

export const hostelComplaint = (hostelNo: number, subType = 'Fan') => ({
  type: 'Hostel',
  hostelNo,
  roomNo: '12',
  subType,
  description: 'The fan in my room makes a grinding noise and stops after a minute.',
});

export const mailsTo = async (t: TestApp, email: string) =>
  t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', email)
    .orderBy('id')
    .execute();

export const setPref = (t: TestApp, a: Built, newComplaints: string) =>
  t.request({ method: 'PUT', url: '/api/me/preferences', token: a.token, payload: { newComplaints } });

export const say = (t: TestApp, who: Built, id: number, body = 'Any update on this?') =>
  t.request({ method: 'POST', url: `/api/complaints/${id}/messages`, token: who.token, payload: { body } });

export const update = (t: TestApp, who: Built, id: number, status: string, remarks = 'done') =>
  t.request({
    method: 'PUT',
    url: `/api/complaints/${id}`,
    token: who.token,
    payload: { status, remarks },
  });

export const reopen = (t: TestApp, who: Built, id: number, reason = 'Still not working') =>
  t.request({ method: 'POST', url: `/api/complaints/${id}/reopen`, token: who.token, payload: { reason } });

/** Moves a complaint's last closing back in time (the sessions of a test would expire if the clock moved 14 days). */
export const closedAgo = (t: TestApp, id: number, ms: number) =>
  t.ctx.database.db
    .updateTable('complaints')
    .set({ closed_at: t.clock.now() - ms })
    .where('id', '=', id)
    .execute();

export const detail = async (t: TestApp, who: Built, token: string) =>
  (await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: who.token })).body.data;

export const photo = async (format: 'jpeg' | 'png' | 'webp', width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

export const upload = async (
  t: TestApp,
  who: Built,
  id: number,
  data: Uint8Array,
  name = 'photo.jpg',
  type = 'image/jpeg',
) =>
  t.request({
    method: 'POST',
    url: `/api/complaints/${id}/attachments`,
    token: who.token,
    ...(await multipart({}, { name, data, type, field: 'file' })),
  });
