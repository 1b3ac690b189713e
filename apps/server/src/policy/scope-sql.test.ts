import type { TDesignation } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import type { UserRow } from '../services/accounts/users';
import { complaintScope } from './complaints';
import { scopeSees } from './scope';
import { userSeesSql } from './scope-sql';

/**
 * userSeesSql states complaintScope in SQL for the statements that read the session themselves
 * (decision 0019). For every kind of user, on complaints of every kind, it must pick exactly the
 * complaints complaintScope and scopeSees admit.
 */
describe('complaintScope stated in SQL', () => {
  let t: TestApp;
  const users: Built[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const students = [await buildStudent(t), await buildStudent(t)];
    users.push(...students, await buildAdmin(t));
    const designations: TDesignation[] = ['Warden', 'Hostel Clerk', 'Network Department', 'Other'];
    for (const designation of designations) {
      for (const approved of [true, false]) {
        users.push(await buildAuthority(t, designation, { hostelNo: 2, approved }));
      }
    }
    // a hostel authority whose hostel is missing sees nothing
    const lost = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    await t.ctx.database.db.updateTable('users').set({ hostel_no: null }).where('id', '=', lost.id).execute();
    users.push(lost);
    const filings = [
      { type: 'Hostel', hostelNo: 2, roomNo: 'A-1', subType: 'Plumbing', description: 'Leak' },
      { type: 'Hostel', hostelNo: 3, roomNo: 'A-1', subType: 'Plumbing', description: 'Leak' },
      { type: 'Hostel', hostelNo: 2, roomNo: 'A-1', subType: 'Internet', description: 'Down' },
      { type: 'College', subType: 'IT Support', description: 'Wi-Fi' },
      { type: 'College', subType: 'Library', description: 'Closed' },
    ];
    for (const student of students) {
      for (const payload of filings) {
        const res = await t.request({
          method: 'POST',
          url: '/api/complaints',
          token: student.token,
          payload,
        });
        expect(res.status).toBe(201);
      }
    }
  });
  afterAll(async () => t.close());

  it('admits for each kind of user exactly the complaints its scope sees', async () => {
    const db = t.ctx.database.db;
    const complaints = await db.selectFrom('complaints').selectAll().orderBy('id').execute();
    let seen = 0;
    for (const built of users) {
      const user = (await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', built.id)
        .executeTakeFirstOrThrow()) as unknown as UserRow;
      const scope = complaintScope(user);
      const expected = complaints.filter((c) => scopeSees(scope, c)).map((c) => Number(c.id));
      const rows = await db
        .selectFrom('complaints')
        .innerJoin('users as u', (join) => join.onTrue())
        .select('complaints.id')
        .where('u.id', '=', built.id)
        .where(userSeesSql('u'))
        .orderBy('complaints.id')
        .execute();
      expect(
        rows.map((r) => Number(r.id)),
        `${user.role} ${user.designation} approved=${user.approved}`,
      ).toEqual(expected);
      seen += expected.length;
    }
    // the cases are not all "nothing": students, admins and each authority kind see some
    expect(seen).toBeGreaterThan(20);
  });
});
