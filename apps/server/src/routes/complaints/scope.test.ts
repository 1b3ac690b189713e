import { MSG, MSG_COMPLAINT } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
const users: Record<string, Built> = {};
/** complaint name -> { id, token } */
const c: Record<string, { id: number; token: string }> = {};

const COMPLAINTS = {
  aHostel1: [
    'studentA',
    { type: 'Hostel', hostelNo: 1, roomNo: '101', subType: 'Plumbing', description: 'leak' },
  ],
  aHostel1Internet: [
    'studentA',
    { type: 'Hostel', hostelNo: 1, roomNo: '101', subType: 'Internet', description: 'wifi' },
  ],
  bHostel2: [
    'studentB',
    { type: 'Hostel', hostelNo: 2, roomNo: '202', subType: 'Electrical', description: 'spark' },
  ],
  bHostel2Network: [
    'studentB',
    { type: 'Hostel', hostelNo: 2, roomNo: '202', subType: 'Network', description: 'lan' },
  ],
  aCollege: ['studentA', { type: 'College', subType: 'Library', description: 'books' }],
  bCollegeIt: ['studentB', { type: 'College', subType: 'IT Support', description: 'projector' }],
} as const;
type Name = keyof typeof COMPLAINTS;
const ALL = Object.keys(COMPLAINTS) as Name[];

/** Who sees what (CONTRACT §3). */
const VISIBLE: Record<string, Name[]> = {
  studentA: ['aHostel1', 'aHostel1Internet', 'aCollege'],
  studentB: ['bHostel2', 'bHostel2Network', 'bCollegeIt'],
  clerk1: ['aHostel1', 'aHostel1Internet'],
  warden1: ['aHostel1', 'aHostel1Internet'],
  warden2: ['bHostel2', 'bHostel2Network'],
  // CONTRACT 5.8: College IT Support (campus Wi-Fi) reaches the Network Department too
  network: ['aHostel1Internet', 'bHostel2Network', 'bCollegeIt'],
  other: ALL,
  unapproved: [],
  admin: ALL,
};
const AUTHORITIES = ['clerk1', 'warden1', 'warden2', 'network', 'other'];

beforeAll(async () => {
  t = await createTestApp();
  users.studentA = await buildStudent(t);
  users.studentB = await buildStudent(t);
  users.clerk1 = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 1 });
  users.warden1 = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  users.warden2 = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  users.network = await buildAuthority(t, 'Network Department');
  users.other = await buildAuthority(t, 'Other');
  users.unapproved = await buildAuthority(t, 'Other', { approved: false });
  users.admin = await buildAdmin(t);
  for (const name of ALL) {
    const [who, payload] = COMPLAINTS[name];
    const res = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: users[who]?.token,
      payload,
    });
    expect(res.status).toBe(201);
    c[name] = { id: res.body.complaint.id, token: res.body.token };
  }
});
afterAll(async () => t.close());

const namesOf = (data: { token: string }[]) =>
  data.map((d) => ALL.find((n) => c[n]?.token === d.token)).sort();

async function listFor(who: string) {
  const url = who.startsWith('student')
    ? '/api/complaints/student?pageSize=100'
    : who === 'admin'
      ? '/api/complaints/admin/all?pageSize=100'
      : '/api/complaints/authority?pageSize=100';
  return t.request({ method: 'GET', url, token: users[who]?.token });
}

describe('who sees which complaint in their list', () => {
  for (const [who, visible] of Object.entries(VISIBLE)) {
    it(`${who} lists exactly ${visible.length ? visible.join(', ') : 'nothing'}`, async () => {
      const res = await listFor(who);
      expect(res.status).toBe(200);
      expect(namesOf(res.body.data)).toEqual([...visible].sort());
      expect(res.body.count).toBe(visible.length);
    });
  }

  it('gives an unapproved authority an empty page with zero stats rather than an error', async () => {
    const res = await listFor('unapproved');
    expect(res.body).toEqual({
      count: 0,
      page: 1,
      pageSize: 100,
      data: [],
      stats: { total: 0, pending: 0, inProgress: 0, resolved: 0, rejected: 0, overdue: 0 },
    });
  });

  it('shows the network officer network problems of either type and college IT Support, but no other problem', async () => {
    const res = await listFor('network');
    const names = namesOf(res.body.data);
    expect(names).toContain('aHostel1Internet');
    expect(names).toContain('bCollegeIt');
    expect(names).not.toContain('aHostel1');
  });

  it('keeps each list endpoint to its own role', async () => {
    const cases: [string, string][] = [
      ['/api/complaints/student', 'warden1'],
      ['/api/complaints/student', 'admin'],
      ['/api/complaints/authority', 'studentA'],
      ['/api/complaints/authority', 'admin'],
      ['/api/complaints/admin/all', 'studentA'],
      ['/api/complaints/admin/all', 'other'],
      ['/api/complaints/admin/stats', 'studentA'],
      ['/api/complaints/admin/stats', 'other'],
    ];
    for (const [url, who] of cases) {
      const res = await t.request({ method: 'GET', url, token: users[who]?.token });
      expect(res.status, `${who} ${url}`).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
    }
    for (const url of ['/api/complaints/student', '/api/complaints/authority', '/api/complaints/admin/all']) {
      expect((await t.request({ method: 'GET', url })).status).toBe(401);
    }
  });
});

describe('who may read a complaint by its token', () => {
  for (const [who, visible] of Object.entries(VISIBLE)) {
    it(`${who} reads ${visible.length ? visible.join(', ') : 'no complaint'} and gets 404 for the rest`, async () => {
      for (const name of ALL) {
        const res = await t.request({
          method: 'GET',
          url: `/api/complaints/${c[name]?.token}`,
          token: users[who]?.token,
        });
        if (visible.includes(name)) {
          expect(res.status, `${who} ${name}`).toBe(200);
          expect(res.body.data.token).toBe(c[name]?.token);
        } else {
          expect(res.status, `${who} ${name}`).toBe(404);
          expect(res.body).toEqual({ message: MSG.complaintNotFound });
        }
      }
    });
  }

  it("answers student B reading student A's token exactly as for a token that does not exist", async () => {
    const theirs = await t.request({
      method: 'GET',
      url: `/api/complaints/${c.aHostel1?.token}`,
      token: users.studentB?.token,
    });
    const none = await t.request({
      method: 'GET',
      url: '/api/complaints/CMP-ZZZZZZZZZZ',
      token: users.studentB?.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
  });
});

describe('who may update a complaint', () => {
  for (const who of AUTHORITIES) {
    it(`${who} updates ${VISIBLE[who]?.join(', ')} and gets 404 for the rest`, async () => {
      for (const name of ALL) {
        const res = await t.request({
          method: 'PUT',
          url: `/api/complaints/${c[name]?.id}`,
          token: users[who]?.token,
          payload: { status: 'In Progress', remarks: `by ${who}` },
        });
        if (VISIBLE[who]?.includes(name)) {
          expect(res.status, `${who} ${name}`).toBe(200);
          expect(res.body.data.remarks).toBe(`by ${who}`);
        } else {
          expect(res.status, `${who} ${name}`).toBe(404);
          expect(res.body).toEqual({ message: MSG.complaintNotFound });
        }
      }
    });
  }

  it('refuses an unapproved authority with 403 and says it awaits approval', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${c.aHostel1?.id}`,
      token: users.unapproved?.token,
      payload: { status: 'Resolved' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG_COMPLAINT.notApproved);
  });

  it('refuses an admin with 403: admins see all complaints but update none', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${c.aHostel1?.id}`,
      token: users.admin?.token,
      payload: { status: 'Resolved' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a student with 403, even on their own complaint', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${c.aHostel1?.id}`,
      token: users.studentA?.token,
      payload: { status: 'Resolved' },
    });
    expect(res.status).toBe(403);
  });

  it('answers 401 to an anonymous update', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${c.aHostel1?.id}`,
      payload: { status: 'Resolved' },
    });
    expect(res.status).toBe(401);
  });

  it('left out-of-scope complaints untouched', async () => {
    // only "network" (CONTRACT 5.8) and "other" may touch bCollegeIt; everyone else got 404 and wrote nothing
    const res = await t.request({
      method: 'GET',
      url: `/api/complaints/${c.bCollegeIt?.token}`,
      token: users.admin?.token,
    });
    expect(res.body.data.history.map((h: { remarks: string | null }) => h.remarks)).toEqual([
      null,
      'by network',
      'by other',
    ]);
  });
});
