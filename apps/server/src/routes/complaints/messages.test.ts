/** CONTRACT 5.2: messages on a complaint, each rule by role, on SQLite and PostgreSQL. */
import { MSG_CONVERSATION } from '@bit/contract';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import {
  appWithOwnerAndWarden,
  closedAgo,
  DAY,
  detail,
  file,
  hostelComplaint,
  mailsTo,
  photo,
  say,
  update,
  upload,
} from './test-helpers';

const h = 2;
const app = appWithOwnerAndWarden(h);

describe('messages (5.2)', () => {
  it('lets the owner and an authority in scope write, refuses an admin (403), and hides the complaint from everyone else (404)', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const first = await say(app.t, app.owner, c.id, 'Still broken today.');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Message sent',
      data: { body: 'Still broken today.', by: { role: 'student', designation: null } },
    });
    const reply = await say(app.t, app.warden, c.id, 'An electrician comes at 4 pm.');
    expect(reply.status).toBe(201);
    expect(reply.body.data.by).toEqual({
      name: app.warden.user.name,
      role: 'authority',
      designation: 'Warden',
    });

    expect((await say(app.t, await buildAdmin(app.t), c.id)).status).toBe(403);
    for (const stranger of [
      await buildStudent(app.t),
      await buildAuthority(app.t, 'Warden', { hostelNo: (h % 13) + 1 }),
      await buildAuthority(app.t, 'Network Department'),
      await buildAuthority(app.t, 'Warden', { hostelNo: h, approved: false }),
    ])
      expect((await say(app.t, stranger, c.id)).status).toBe(404);

    const page = await detail(app.t, app.owner, c.token);
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual([
      'Still broken today.',
      'An electrician comes at 4 pm.',
    ]);
  });

  it('stores a message exactly as sent, indentation and last newline kept, and refuses one only of spaces', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const list = '  1. The fan hums\n  2. The light flickers\n';
    const res = await say(app.t, app.owner, c.id, list);
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe(list);
    expect((await detail(app.t, app.owner, c.token)).messages.at(-1).body).toBe(list);
    const blank = await say(app.t, app.owner, c.id, ' \n\t ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MSG_CONVERSATION.messageRequired);
  });

  it("mails a student's words to the authorities who worked on it, or to all in scope, and an authority's to the student", async () => {
    const clerk = await buildAuthority(app.t, 'Hostel Clerk', { hostelNo: h });
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const before = (await mailsTo(app.t, clerk.email)).length;
    expect((await say(app.t, app.owner, c.id, 'Hello?')).status).toBe(201);
    // nobody has worked on it yet: every approved authority in scope hears
    expect((await mailsTo(app.t, clerk.email)).length).toBe(before + 1);
    expect((await mailsTo(app.t, app.warden.email)).at(-1)!.text_body).toContain('Hello?');

    expect((await update(app.t, app.warden, c.id, 'In Progress')).status).toBe(200);
    expect((await say(app.t, app.owner, c.id, 'Thanks, waiting.')).status).toBe(201);
    expect((await mailsTo(app.t, app.warden.email)).at(-1)!.text_body).toContain('Thanks, waiting.');
    expect((await mailsTo(app.t, clerk.email)).length).toBe(before + 1);

    expect((await say(app.t, app.warden, c.id, 'Fixed tomorrow.')).status).toBe(201);
    const toStudent = (await mailsTo(app.t, app.owner.email)).at(-1)!;
    expect(toStudent.subject).toContain(c.token);
    expect(toStudent.text_body).toContain('Fixed tomorrow.');
  });

  it('stays open 14 days after the complaint is resolved, then answers 409', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    expect((await update(app.t, app.warden, c.id, 'Resolved')).status).toBe(200);
    await closedAgo(app.t, c.id, 14 * DAY - 60_000);
    expect((await say(app.t, app.owner, c.id, 'It broke again')).status).toBe(201);
    await closedAgo(app.t, c.id, 14 * DAY + 60_000);
    const late = await say(app.t, app.owner, c.id, 'Hello?');
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: 'This complaint is closed for messages' });
    expect((await say(app.t, app.warden, c.id)).status).toBe(409);
  });

  it("takes a message and a photo at the last millisecond of the 14 days (the contract's messagingOpenUntil), and neither a millisecond later", async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    expect((await update(app.t, app.warden, c.id, 'Rejected')).status).toBe(200);
    // the manual clock does not move between these lines: closed exactly 14 days before the request
    await closedAgo(app.t, c.id, 14 * DAY);
    expect((await say(app.t, app.owner, c.id, 'One last word')).status).toBe(201);
    expect((await upload(app.t, app.warden, c.id, await photo('jpeg', 20, 20))).status).toBe(201);
    await closedAgo(app.t, c.id, 14 * DAY + 1);
    expect((await say(app.t, app.owner, c.id, 'Too late')).body).toEqual({
      message: MSG_CONVERSATION.closedForMessages,
    });
    expect((await upload(app.t, app.warden, c.id, await photo('jpeg', 20, 20))).status).toBe(409);
  });

  it('takes at most 30 messages an hour from one user, then 429 with Retry-After', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const writer = await buildAuthority(app.t, 'Hostel Clerk', { hostelNo: h });
    for (let i = 0; i < 30; i++) expect((await say(app.t, writer, c.id, `note ${i}`)).status).toBe(201);
    const refused = await say(app.t, writer, c.id, 'one more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    app.t.clock.advance(60 * 60_000 + 1000);
    expect((await say(app.t, writer, c.id, 'an hour later')).status).toBe(201);
  });

  it('lets only one of a burst of messages past the 30th, however many arrive at once', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const writer = await buildAuthority(app.t, 'Hostel Clerk', { hostelNo: h });
    for (let i = 0; i < 29; i++) expect((await say(app.t, writer, c.id, `note ${i}`)).status).toBe(201);
    const burst = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => say(app.t, writer, c.id, `at once ${i}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
  });
});
