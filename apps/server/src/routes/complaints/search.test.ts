import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { file, say, update } from './test-helpers';

/** CONTRACT 6.2: `q` on every complaint list and the export, on both dialects. */
let t: TestApp;
let ana: Built;
let bo: Built;
let warden1: Built;
let warden2: Built;
let admin: Built;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

const hostel = (hostelNo: number, roomNo: string, description: string, subType = 'Fan') => ({
  type: 'Hostel',
  hostelNo,
  roomNo,
  subType,
  description,
});

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildStudent(t, { name: 'Anaïs Kumar', roll_no: 'BTECH/10001/23' });
  bo = await buildStudent(t, { name: 'Bo Singh', roll_no: 'MCA/20002/24' });
  warden1 = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  warden2 = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  admin = await buildAdmin(t);
  const filings: [string, Built, Record<string, unknown>][] = [
    ['geyser', ana, hostel(1, 'A-204', 'The geyser on the second floor is broken', 'Plumbing')],
    ['wifi', ana, hostel(1, '12', 'Wi-Fi keeps dropping in the evening', 'Internet')],
    ['wifi2', bo, hostel(2, '7', 'No WiFi signal at all near the stairs', 'Internet')],
    ['cafe', bo, hostel(2, '8', 'The café tap is leaking badly', 'Plumbing')],
    ['fan', bo, hostel(1, '9', 'Ceiling fan makes a grinding noise')],
    ['library', ana, { type: 'College', subType: 'Library', description: 'Library chairs are broken' }],
  ];
  for (const [key, who, body] of filings) {
    const c = await file(t, who, body);
    ids[key] = c.id;
    tokens[key] = c.token;
    t.clock.advance(1000);
  }
  // words of a remark and of a message are found too
  expect((await update(t, warden1, ids.fan!, 'In Progress', 'Electrician booked for Thursday')).status).toBe(
    200,
  );
  expect((await say(t, ana, ids.geyser!, 'Still no hot water, the thermostat clicks')).status).toBe(201);
});
afterAll(async () => t.close());

async function search(who: Built, list: string, q: string, extra = '') {
  const url = `/api/complaints/${list}?q=${encodeURIComponent(q)}${extra}`;
  const res = await t.request({ method: 'GET', url, token: who.token });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { count: number; page: number; pageSize: number; data: { id: number }[] };
}
const found = async (who: Built, list: string, q: string, extra = '') =>
  (await search(who, list, q, extra)).data.map((c) => c.id);

describe('search (q) on the complaint lists', () => {
  it('finds a word of the description by its prefix, whatever its case', async () => {
    expect(await found(admin, 'admin/all', 'GEYS')).toEqual([ids.geyser]);
    expect(await found(admin, 'admin/all', 'leak')).toEqual([ids.cafe]);
  });

  it('finds "Wi-Fi" and "WiFi" by "wifi", and by "wi-fi"', async () => {
    expect(await found(admin, 'admin/all', 'wifi')).toEqual([ids.wifi2, ids.wifi]);
    expect(await found(admin, 'admin/all', 'Wi-Fi')).toEqual([ids.wifi2, ids.wifi]);
  });

  it('ignores accents on both sides', async () => {
    expect(await found(admin, 'admin/all', 'cafe')).toEqual([ids.cafe]);
    expect(await found(admin, 'admin/all', 'CAFÉ')).toEqual([ids.cafe]);
    expect(await found(admin, 'admin/all', 'anais')).toEqual([ids.library, ids.wifi, ids.geyser]);
  });

  it('needs every word (AND), each from any of the texts', async () => {
    expect(await found(admin, 'admin/all', 'broken geyser')).toEqual([ids.geyser]);
    expect(await found(admin, 'admin/all', 'broken')).toEqual([ids.library, ids.geyser]);
    // one word from the description, one from a message, one from the student's name
    expect(await found(admin, 'admin/all', 'geyser thermostat anaïs')).toEqual([ids.geyser]);
    expect(await found(admin, 'admin/all', 'geyser library')).toEqual([]);
  });

  it('finds words of remarks and of messages', async () => {
    expect(await found(admin, 'admin/all', 'electrician')).toEqual([ids.fan]);
    expect(await found(admin, 'admin/all', 'thermo')).toEqual([ids.geyser]);
  });

  it("finds a student's name by a word's prefix, not by the middle of a word", async () => {
    expect(await found(admin, 'admin/all', 'sing')).toEqual([ids.fan, ids.cafe, ids.wifi2]);
    expect(await found(admin, 'admin/all', 'ingh')).toEqual([]);
  });

  it('finds a token, a roll number and a room number whole, in any case', async () => {
    expect(await found(admin, 'admin/all', tokens.cafe!.toLowerCase())).toEqual([ids.cafe]);
    expect(await found(admin, 'admin/all', 'btech/10001/23')).toEqual([ids.library, ids.wifi, ids.geyser]);
    expect(await found(admin, 'admin/all', 'a-204')).toEqual([ids.geyser]);
    // whole, not a prefix
    expect(await found(admin, 'admin/all', tokens.cafe!.slice(0, -2))).toEqual([]);
    expect(await found(admin, 'admin/all', 'BTECH/10001')).toEqual([]);
    // a key and a word together
    expect(await found(admin, 'admin/all', 'MCA/20002/24 leaking')).toEqual([ids.cafe]);
  });

  it("checks a key word's complaints for the other words as the text index would: beginnings, accents, AND", async () => {
    // a key word's complaints lead; the other words are looked for in each one's document
    expect(await found(admin, 'admin/all', 'a-204 GEYS')).toEqual([ids.geyser]);
    expect(await found(admin, 'admin/all', 'a-204 eyser')).toEqual([]);
    expect(await found(admin, 'admin/all', 'btech/10001/23 brokén')).toEqual([ids.library, ids.geyser]);
    expect(await found(admin, 'admin/all', 'btech/10001/23 thermostat')).toEqual([ids.geyser]);
    expect(await found(admin, 'admin/all', 'btech/10001/23 wi-fi evening')).toEqual([ids.wifi]);
    expect(await found(admin, 'admin/all', 'btech/10001/23 anais')).toEqual([
      ids.library,
      ids.wifi,
      ids.geyser,
    ]);
    expect(await found(admin, 'admin/all', 'btech/10001/23 stairs')).toEqual([]);
    const first = await search(admin, 'admin/all', 'btech/10001/23 broken', '&pageSize=1');
    expect(first).toMatchObject({ count: 2, data: [{ id: ids.library }] });
    expect(
      await found(admin, 'admin/all', 'btech/10001/23 broken', `&pageSize=1&before=${ids.library}`),
    ).toEqual([ids.geyser]);
    expect(await found(warden2, 'authority', 'mca/20002/24 wifi')).toEqual([ids.wifi2]);
    expect(await found(warden1, 'authority', 'mca/20002/24 fan')).toEqual([ids.fan]);
    expect(await found(warden2, 'authority', 'mca/20002/24 fan')).toEqual([]);
  });

  it('only ever returns what the list itself would', async () => {
    expect(await found(warden1, 'authority', 'wifi')).toEqual([ids.wifi]);
    expect(await found(warden2, 'authority', 'wifi')).toEqual([ids.wifi2]);
    expect(await found(warden2, 'authority', 'geyser')).toEqual([]);
    expect(await found(warden2, 'authority', 'btech/10001/23')).toEqual([]);
    expect(await found(bo, 'student', 'wifi')).toEqual([ids.wifi2]);
    expect(await found(bo, 'student', 'anais')).toEqual([]);
    expect(await found(ana, 'student', tokens.cafe!)).toEqual([]);
    const page = await search(warden1, 'authority', 'wifi');
    expect(page.count).toBe(1);
  });

  it("keeps the list's own filters and counts only the matches", async () => {
    expect(await found(admin, 'admin/all', 'broken', '&type=College')).toEqual([ids.library]);
    expect(await found(admin, 'admin/all', 'wifi', '&hostelNo=2')).toEqual([ids.wifi2]);
    expect(await found(warden1, 'authority', 'fan', '&status=In%20Progress')).toEqual([ids.fan]);
    expect(await found(warden1, 'authority', 'fan', '&status=Pending')).toEqual([]);
    const page = await search(warden1, 'authority', 'wifi');
    expect(page.count).toBe(1);
  });

  it('pages its matches newest first, by number and by before=', async () => {
    const all = await found(admin, 'admin/all', 'the');
    expect(all.length).toBeGreaterThan(2);
    const first = await search(admin, 'admin/all', 'the', '&pageSize=2');
    expect(first.count).toBe(all.length);
    expect(first.data.map((c) => c.id)).toEqual(all.slice(0, 2));
    expect(await found(admin, 'admin/all', 'the', '&pageSize=2&page=2')).toEqual(all.slice(2, 4));
    expect(await found(admin, 'admin/all', 'the', `&pageSize=2&page=2&before=${all[1]}`)).toEqual(
      all.slice(2, 4),
    );
  });

  it('treats a blank q as no search', async () => {
    const whole = await search(admin, 'admin/all', '', '&pageSize=100');
    const blank = await search(admin, 'admin/all', '   ', '&pageSize=100');
    expect(blank.count).toBe(whole.count);
    expect(blank.count).toBe(6);
  });

  it('refuses a q over 100 characters with a 400 naming q', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/complaints/student?q=${'a'.repeat(101)}`,
      token: ana.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('q');
    const ok = await search(ana, 'student', 'a'.repeat(100));
    expect(ok.data).toEqual([]);
  });

  it('takes query syntax and odd characters as words: no error, nothing matched by accident', async () => {
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      '%',
      '_',
      '%_%',
      '-',
      'OR',
      'geyser OR fan',
      'NEAR(geyser fan)',
      'geyser -fan',
      'geys*',
      'doc:geyser',
      '^geyser',
      'geyser & fan',
      'geyser | fan',
      '!geyser',
      "geyser' & 'fan",
      "' or 1=1 --",
      '\\',
      '(',
      ')',
      'a:*',
      '{}',
      '\u0000',
    ];
    for (const q of hostile) {
      const res = await t.request({
        method: 'GET',
        url: `/api/complaints/admin/all?q=${encodeURIComponent(q)}`,
        token: admin.token,
      });
      expect(res.status, q).toBeLessThan(500);
      if (res.status === 200) expect(res.body.count, q).toBeLessThan(6);
    }
    // words of query syntax match only as words
    expect(await found(admin, 'admin/all', 'geyser OR fan')).toEqual([]);
    expect(await found(admin, 'admin/all', 'NEAR(geyser')).toEqual([]);
    expect(await found(admin, 'admin/all', '"geyser"')).toEqual([ids.geyser]);
    expect(await found(admin, 'admin/all', 'geys*')).toEqual([ids.geyser]);
    // nothing but signs: no word to look for, so nothing matches
    expect(await found(admin, 'admin/all', '* % _ -')).toEqual([]);
  });

  it('takes a lone surrogate (raw bytes of one) without an error', async () => {
    for (const raw of ['%ED%A0%80', '%ED%A0%80geyser', 'geyser%ED%B0%80']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/complaints/admin/all?q=${raw}`,
        token: admin.token,
      });
      expect(res.status, raw).toBeLessThan(500);
    }
  });

  it('narrows the CSV export', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/complaints/admin/export.csv?q=wifi',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(tokens.wifi2);
    expect(lines[2]).toContain(tokens.wifi);
  });

  it('finds a complaint filed, updated or written on at once (the index is in the same transaction)', async () => {
    const c = await file(t, bo, hostel(2, '15', 'Window latch snapped off'));
    expect(await found(bo, 'student', 'latch')).toEqual([c.id]);
    expect((await say(t, warden2, c.id, 'Carpenter scheduled')).status).toBe(201);
    expect(await found(warden2, 'authority', 'carpenter latch')).toEqual([c.id]);
    expect((await update(t, warden2, c.id, 'Resolved', 'Replaced the hinge')).status).toBe(200);
    expect(await found(bo, 'student', 'hinge carpenter window')).toEqual([c.id]);
  });
});
