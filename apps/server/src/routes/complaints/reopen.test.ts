/** CONTRACT 5.4, 6.6: the student reopens a closed complaint, on SQLite and PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildStudent } from '../../../test/factories';
import {
  appWithOwnerAndWarden,
  closedAgo,
  DAY,
  detail,
  file,
  hostelComplaint,
  mailsTo,
  reopen,
  update,
} from './test-helpers';

const h = 2;
const app = appWithOwnerAndWarden(h);

describe('reopening (5.4)', () => {
  it('puts a resolved complaint back to Pending with the reason in its history, and mails the authority who resolved it', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    expect((await update(app.t, app.warden, c.id, 'Resolved')).status).toBe(200);
    const res = await reopen(app.t, app.owner, c.id, 'The fan stopped again tonight.');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Complaint reopened',
      data: { status: 'Pending', reopenCount: 1 },
    });
    const page = await detail(app.t, app.owner, c.token);
    expect(page.history.at(-1)).toMatchObject({
      status: 'Pending',
      remarks: 'The fan stopped again tonight.',
      by: { name: app.owner.user.name, designation: null },
    });
    const mail = (await mailsTo(app.t, app.warden.email)).at(-1)!;
    expect(mail.subject).toContain(`${c.token} was reopened`);
    expect(mail.text_body).toContain('The fan stopped again tonight.');
    // counted as Pending again
    const stats = await app.t.request({
      method: 'GET',
      url: '/api/complaints/authority',
      token: app.warden.token,
    });
    expect(stats.body.data.find((x: { id: number }) => x.id === c.id).status).toBe('Pending');
  });

  it("makes the reason the complaint's remarks (CONTRACT 6.6), keeps it assigned, and does not mail the student their own words", async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    expect((await update(app.t, app.warden, c.id, 'Resolved', 'Router replaced')).status).toBe(200);
    const mailsBefore = (await mailsTo(app.t, app.owner.email)).length;
    const res = await reopen(app.t, app.owner, c.id, 'Drops again every night');
    expect(res.body.data).toMatchObject({
      status: 'Pending',
      remarks: 'Drops again every night',
      assignedTo: { name: app.warden.user.name, designation: 'Warden' },
    });
    expect((await detail(app.t, app.owner, c.token)).remarks).toBe('Drops again every night');
    expect(await mailsTo(app.t, app.owner.email)).toHaveLength(mailsBefore);
    // an update without a remark keeps the reason, as it keeps any last remark; one with a remark replaces it
    const quiet = await app.t.request({
      method: 'PUT',
      url: `/api/complaints/${c.id}`,
      token: app.warden.token,
      payload: { status: 'In Progress' },
    });
    expect(quiet.body.data.remarks).toBe('Drops again every night');
    expect((await update(app.t, app.warden, c.id, 'Resolved', 'New router')).body.data.remarks).toBe(
      'New router',
    );
  });

  it('reopens at the last millisecond of the 14 days, and not a millisecond later', async () => {
    const late = await file(app.t, app.owner, hostelComplaint(h));
    const last = await file(app.t, app.owner, hostelComplaint(h));
    for (const c of [late, last])
      expect((await update(app.t, app.warden, c.id, 'Resolved')).status).toBe(200);
    // the manual clock does not move between these lines
    await closedAgo(app.t, late.id, 14 * DAY + 1);
    expect((await reopen(app.t, app.owner, late.id)).body).toEqual({
      message: 'This complaint cannot be reopened',
    });
    await closedAgo(app.t, last.id, 14 * DAY);
    expect((await reopen(app.t, app.owner, last.id)).status).toBe(200);
  });

  it.each([
    ['still Pending', async () => ({})],
    [
      'resolved more than 14 days ago',
      async (id: number) => {
        await update(app.t, app.warden, id, 'Resolved');
        await closedAgo(app.t, id, 14 * DAY + 60_000);
      },
    ],
    [
      'after feedback',
      async (id: number) => {
        await update(app.t, app.warden, id, 'Resolved');
        const fb = await app.t.request({
          method: 'POST',
          url: '/api/feedback',
          token: app.owner.token,
          payload: { complaintId: id, rating: 4, comments: '' },
        });
        expect(fb.status).toBe(201);
      },
    ],
    [
      'reopened twice already',
      async (id: number) => {
        for (let i = 0; i < 2; i++) {
          await update(app.t, app.warden, id, 'Rejected');
          expect((await reopen(app.t, app.owner, id)).status).toBe(200);
        }
        await update(app.t, app.warden, id, 'Resolved');
      },
    ],
  ])('answers 409 "This complaint cannot be reopened" when %s', async (_what, setUp) => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    await setUp(c.id);
    const res = await reopen(app.t, app.owner, c.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This complaint cannot be reopened' });
  });

  it('keeps the reason exactly as written, and refuses one only of spaces', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    expect((await update(app.t, app.warden, c.id, 'Resolved')).status).toBe(200);
    expect((await reopen(app.t, app.owner, c.id, '   ')).status).toBe(400);
    const reason = '  Room 101:\n  the fan stopped again.\n';
    expect((await reopen(app.t, app.owner, c.id, reason)).status).toBe(200);
    expect((await detail(app.t, app.owner, c.token)).history.at(-1).remarks).toBe(reason);
  });

  it('lets only its own student reopen: another student 404, an authority or admin 403', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    await update(app.t, app.warden, c.id, 'Resolved');
    expect((await reopen(app.t, await buildStudent(app.t), c.id)).status).toBe(404);
    expect((await reopen(app.t, app.warden, c.id)).status).toBe(403);
    expect((await reopen(app.t, await buildAdmin(app.t), c.id)).status).toBe(403);
    expect((await reopen(app.t, app.owner, c.id, '')).status).toBe(400);
    expect((await reopen(app.t, app.owner, c.id, 'x'.repeat(501))).status).toBe(400);
    expect((await reopen(app.t, app.owner, c.id)).status).toBe(200);
  });
});
