import {
  MSG,
  MSG_COMPLAINT,
  MSG_REPLIES,
  REPLY_BODY_MAX,
  REPLY_TITLE_MAX,
  SAVED_REPLIES_MAX,
} from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce, expectRefused } from '../../../test/at-once';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Built;
let student: Built;
let warden: Built;
let electrician: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  student = await buildStudent(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  electrician = await buildAuthority(t, 'Other');
});
afterAll(async () => t.close());

type List = 'me' | 'admin';
const url = (list: List, id?: number | string) => `/api/${list}/replies${id === undefined ? '' : `/${id}`}`;
const list = (user: Built, at: List = 'me') => t.request({ method: 'GET', url: url(at), token: user.token });
const add = (user: Built, payload: unknown, at: List = 'me') =>
  t.request({ method: 'POST', url: url(at), token: user.token, payload: payload as object });
const change = (user: Built, id: number | string, payload: unknown, at: List = 'me') =>
  t.request({ method: 'PUT', url: url(at, id), token: user.token, payload: payload as object });
const remove = (user: Built, id: number | string, at: List = 'me') =>
  t.request({ method: 'DELETE', url: url(at, id), token: user.token });

const reply = (title: string, body = `Dear {student}, about {token}: ${title}.`) => ({ title, body });

describe("an authority's saved replies (CONTRACT 7.5)", () => {
  it('saves a reply and lists it back with 201, the title trimmed and the body kept as sent', async () => {
    const res = await add(warden, {
      title: '  Technician visit ',
      body: '  A technician will visit {token}.\n',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: MSG_REPLIES.added,
      data: {
        id: expect.any(Number),
        title: 'Technician visit',
        body: '  A technician will visit {token}.\n',
        shared: false,
      },
    });
    expect((await list(warden)).body.data).toContainEqual(res.body.data);
  });

  it("shows one authority none of another's replies, whole body compared", async () => {
    const other = await buildAuthority(t, 'Warden', { hostelNo: 2 });
    const mine = (await add(other, reply('Mine alone'))).body.data;
    const wardens = await list(warden);
    expect(JSON.stringify(wardens.body)).not.toContain('Mine alone');
    const theirs = await list(other);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ data: [mine] });
  });

  it("answers 404 to a PUT or DELETE of another authority's reply and changes nothing", async () => {
    const theirs = (await add(electrician, reply('Electrician only'))).body.data;
    for (const res of [
      await change(warden, theirs.id, reply('Taken over')),
      await remove(warden, theirs.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG_REPLIES.notFound });
    }
    expect((await list(electrician)).body.data).toContainEqual(theirs);
  });

  it('changes and deletes its own reply', async () => {
    const mine = (await add(warden, reply('Old title'))).body.data;
    const changed = await change(warden, mine.id, reply('New title', 'New text for {student}'));
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      message: MSG_REPLIES.updated,
      data: { id: mine.id, title: 'New title', body: 'New text for {student}', shared: false },
    });
    const deleted = await remove(warden, mine.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: MSG_REPLIES.deleted });
    expect((await list(warden)).body.data.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    expect((await remove(warden, mine.id)).status).toBe(404);
  });

  it('lists its own replies by title, then the shared ones by title marked shared', async () => {
    const a = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 5 });
    const own = [(await add(a, reply('Zeta'))).body.data, (await add(a, reply('Alpha'))).body.data];
    const res = await list(a);
    const titles = res.body.data.map(
      (r: { title: string; shared: boolean }) => `${r.shared ? 'shared' : 'own'}:${r.title}`,
    );
    const shared = (await list(admin, 'admin')).body.data.map((r: { title: string }) => `shared:${r.title}`);
    expect(titles).toEqual(['own:Alpha', 'own:Zeta', ...shared]);
    expect(own.every((r: { shared: boolean }) => !r.shared)).toBe(true);
  });

  it('refuses a title or body out of bounds with 400 naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ title: '   ', body: 'x' }, 'title', MSG_REPLIES.titleRequired],
      [{ title: 'x'.repeat(REPLY_TITLE_MAX + 1), body: 'x' }, 'title', MSG_REPLIES.titleTooLong],
      [{ title: 'x', body: ' \n ' }, 'body', MSG_REPLIES.bodyRequired],
      [{ title: 'x', body: 'x'.repeat(REPLY_BODY_MAX + 1) }, 'body', MSG_REPLIES.bodyTooLong],
      [{ body: 'x' }, 'title', MSG_REPLIES.titleRequired],
      [{ title: 'x', body: 5 }, 'body', MSG_REPLIES.bodyRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await add(warden, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].field).toBe(field);
    }
    expect(
      (await add(warden, { title: 'x'.repeat(REPLY_TITLE_MAX), body: 'y'.repeat(REPLY_BODY_MAX) })).status,
    ).toBe(201);
    expect((await change(warden, 'abc', reply('x'))).status).toBe(400);
  });

  it('refuses an authority awaiting approval with 403, whatever the method', async () => {
    const pending = await buildAuthority(t, 'Warden', { hostelNo: 3, approved: false });
    for (const res of [
      await list(pending),
      await add(pending, reply('Too soon')),
      await change(pending, 1, reply('Too soon')),
      await remove(pending, 1),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG_COMPLAINT.notApproved);
    }
  });

  it('refuses students and admins at /api/me/replies and visitors with 401', async () => {
    expect((await list(student)).status).toBe(403);
    expect((await add(student, reply('x'))).status).toBe(403);
    expect((await list(admin)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: url('me') })).status).toBe(401);
  });

  it('keeps at most 50 a person: the 51st is 409, and a deletion makes room again', async () => {
    const a = await buildAuthority(t, 'Other');
    for (let i = 0; i < SAVED_REPLIES_MAX; i++) expect((await add(a, reply(`Reply ${i}`))).status).toBe(201);
    const over = await add(a, reply('One too many'));
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: MSG_REPLIES.tooMany });
    // another authority's list is their own
    expect((await add(electrician, reply('Still room'))).status).toBe(201);
    const first = (await list(a)).body.data[0];
    expect((await remove(a, first.id)).status).toBe(200);
    expect((await add(a, reply('In its place'))).status).toBe(201);
    expect((await add(a, reply('Full again'))).status).toBe(409);
    expect((await list(a)).body.data.filter((r: { shared: boolean }) => !r.shared)).toHaveLength(
      SAVED_REPLIES_MAX,
    );
  });

  it('holds the 50 under 60 replies sent at once', async () => {
    const a = await buildAuthority(t, 'Other');
    const burst = await atOnce(60, (i) => add(a, reply(`Parallel ${i}`)));
    expect(burst.statuses).toEqual({ 201: SAVED_REPLIES_MAX, 409: 60 - SAVED_REPLIES_MAX });
    expectRefused(burst.with(409), MSG_REPLIES.tooMany);
    expect((await list(a)).body.data.filter((r: { shared: boolean }) => !r.shared)).toHaveLength(
      SAVED_REPLIES_MAX,
    );
  });
});

describe("the admins' shared replies (CONTRACT 7.5)", () => {
  it('are kept by any admin and offered to every authority, read only for them', async () => {
    const other = await buildAdmin(t);
    const saved = await add(admin, reply('Holiday closure', 'The office is closed; {token} waits.'), 'admin');
    expect(saved.status).toBe(201);
    expect(saved.body.data.shared).toBe(true);
    const shared = saved.body.data;
    expect((await list(other, 'admin')).body.data).toContainEqual(shared);
    for (const a of [warden, electrician]) expect((await list(a)).body.data).toContainEqual(shared);
    // an authority reaches it through their list only to read it
    expect((await change(warden, shared.id, reply('Mine now'))).status).toBe(404);
    expect((await remove(warden, shared.id)).status).toBe(404);
    // another admin may change it
    const changed = await change(other, shared.id, reply('Office closed'), 'admin');
    expect(changed.status).toBe(200);
    expect((await list(warden)).body.data).toContainEqual({ ...shared, ...reply('Office closed') });
  });

  it("never show an authority's own replies to an admin, nor let an admin change them", async () => {
    const own = (await add(warden, reply('Private to the warden'))).body.data;
    const res = await list(admin, 'admin');
    expect(JSON.stringify(res.body)).not.toContain('Private to the warden');
    expect(res.body.data.every((r: { shared: boolean }) => r.shared)).toBe(true);
    expect((await change(admin, own.id, reply('x'), 'admin')).status).toBe(404);
    expect((await remove(admin, own.id, 'admin')).status).toBe(404);
  });

  it('are refused to authorities and students with 403', async () => {
    for (const user of [warden, student]) {
      const res = await add(user, reply('x'), 'admin');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
      expect((await list(user, 'admin')).status).toBe(403);
    }
  });

  it('are at most 50 in all, the 51st 409 with its own message, under replies sent at once', async () => {
    const before = (await list(admin, 'admin')).body.data.length;
    const burst = await atOnce(60, (i) => add(admin, reply(`Shared ${i}`), 'admin'));
    expect(burst.statuses).toEqual({
      201: SAVED_REPLIES_MAX - before,
      409: 60 - (SAVED_REPLIES_MAX - before),
    });
    expectRefused(burst.with(409), MSG_REPLIES.tooManyShared);
    expect((await list(admin, 'admin')).body.data).toHaveLength(SAVED_REPLIES_MAX);
    // an authority's own list is apart from it
    expect((await add(warden, reply('Still mine'))).status).toBe(201);
  });
});
