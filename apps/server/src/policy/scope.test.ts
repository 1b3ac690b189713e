import { MSG, MSG_COMPLAINT } from '@bit/contract';
import { describe, expect, it } from 'vitest';
import { complaintScope, counterScopeKey, toldRating } from './complaints';
import { canUpdate, staffRefusal } from './staff';

const user = (role: 'student' | 'authority' | 'admin', extra: Record<string, unknown> = {}) => ({
  id: 7,
  role,
  designation: null as string | null,
  hostel_no: null as number | null,
  approved: 1,
  ...extra,
});

describe('the complaint scope of a user', () => {
  it('limits a student to their own complaints and lets them update none', () => {
    expect(complaintScope(user('student'))).toEqual({ kind: 'student', studentId: 7 });
    expect(canUpdate(user('student'))).toBe(false);
    expect(counterScopeKey(complaintScope(user('student')))).toBeNull();
  });

  it('gives a hostel clerk and a warden the hostel complaints of their hostel', () => {
    for (const designation of ['Hostel Clerk', 'Warden']) {
      const u = user('authority', { designation, hostel_no: 4 });
      expect(complaintScope(u)).toEqual({ kind: 'hostel', hostelNo: 4 });
      expect(counterScopeKey(complaintScope(u))).toBe('hostel:4');
      expect(canUpdate(u)).toBe(true);
    }
  });

  it('gives a hostel authority without a hostel nothing', () => {
    const u = user('authority', { designation: 'Warden', hostel_no: null });
    expect(complaintScope(u)).toEqual({ kind: 'none' });
    expect(canUpdate(u)).toBe(false);
  });

  it('gives the network department the network problems', () => {
    const u = user('authority', { designation: 'Network Department' });
    expect(complaintScope(u)).toEqual({ kind: 'network' });
    expect(counterScopeKey(complaintScope(u))).toBe('network');
  });

  it('gives an Other authority every complaint', () => {
    const u = user('authority', { designation: 'Other' });
    expect(complaintScope(u)).toEqual({ kind: 'all' });
    expect(counterScopeKey(complaintScope(u))).toBe('all');
    expect(canUpdate(u)).toBe(true);
  });

  it('gives an authority awaiting approval nothing, whatever its designation', () => {
    for (const designation of ['Hostel Clerk', 'Warden', 'Network Department', 'Other']) {
      const u = user('authority', { designation, hostel_no: 1, approved: 0 });
      expect(complaintScope(u)).toEqual({ kind: 'none' });
      expect(canUpdate(u)).toBe(false);
      expect(counterScopeKey(complaintScope(u))).toBeNull();
    }
  });

  it('gives an authority with an unknown designation nothing', () => {
    expect(complaintScope(user('authority', { designation: 'Dean' }))).toEqual({ kind: 'none' });
  });

  it('lets an admin see every complaint but update none', () => {
    expect(complaintScope(user('admin'))).toEqual({ kind: 'all' });
    expect(canUpdate(user('admin'))).toBe(false);
  });
});

describe('who may act as staff (staffRefusal)', () => {
  const warden = (extra: Record<string, unknown> = {}) =>
    user('authority', { designation: 'Warden', hostel_no: 3, ...extra });

  it('tells an authority awaiting approval so, whatever it tries, in the words of the act when it has its own', () => {
    for (const act of ['update', 'oversee', 'act'] as const) {
      expect(staffRefusal(warden({ approved: 0 }), act)).toBe(MSG_COMPLAINT.notApproved);
      expect(staffRefusal(warden({ approved: 0 }), act, MSG.noticePostNotApproved)).toBe(
        MSG.noticePostNotApproved,
      );
    }
  });

  it('lets an approved authority with a scope update, oversee and act', () => {
    for (const act of ['update', 'oversee', 'act'] as const) expect(staffRefusal(warden(), act)).toBeNull();
  });

  it('lets an approved authority without a scope act (notices) but neither update nor oversee', () => {
    const dean = user('authority', { designation: 'Dean' });
    expect(staffRefusal(dean, 'act')).toBeNull();
    expect(staffRefusal(dean, 'update')).toBe(MSG.forbidden);
    expect(staffRefusal(dean, 'oversee')).toBe(MSG.forbidden);
    // a warden without a hostel sees nothing, so updates nothing
    expect(staffRefusal(warden({ hostel_no: null }), 'update')).toBe(MSG.forbidden);
  });

  it('lets an admin oversee and act but change no status, and a student none of them', () => {
    expect(staffRefusal(user('admin'), 'update')).toBe(MSG.forbidden);
    expect(staffRefusal(user('admin'), 'oversee')).toBeNull();
    expect(staffRefusal(user('admin'), 'act')).toBeNull();
    for (const act of ['update', 'oversee', 'act'] as const)
      expect(staffRefusal(user('student'), act)).toBe(MSG.forbidden);
  });
});

describe("who is told a complaint's rating", () => {
  it('tells the student and admins, and no authority of any designation', () => {
    expect(toldRating(user('student'))).toBe(true);
    expect(toldRating(user('admin'))).toBe(true);
    for (const designation of ['Hostel Clerk', 'Warden', 'Network Department', 'Other']) {
      expect(toldRating(user('authority', { designation, hostel_no: 1 }))).toBe(false);
    }
  });
});
