import { describe, expect, it } from 'vitest';
import { makeStudentSignupSchema, statusColour, ZFileComplaintRequest, ZNoticeTarget } from './index';

const valid = {
  name: 'Asha Kumari',
  rollNo: 'BTECH/10001/23',
  email: 'asha@bitmesra.ac.in',
  mobile: '9876543210',
  session: '2023-27',
  department: 'Computer Science',
  password: 'password123',
};

const firstMessage = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

describe('student signup schema', () => {
  it('reports the first failing rule in SPEC order', () => {
    const s = makeStudentSignupSchema();
    expect(firstMessage(s, {})).toBe('Please enter your full name');
    expect(firstMessage(s, { ...valid, rollNo: ' ' })).toBe('Please enter your roll number');
    expect(firstMessage(s, { ...valid, email: 'a@gmail.com', mobile: '1' })).toBe(
      'Please use your BIT Mesra email address',
    );
    expect(firstMessage(s, { ...valid, mobile: '98765' })).toBe(
      'Please enter a valid 10-digit mobile number',
    );
    expect(firstMessage(s, { ...valid, session: '2023-2027' })).toBe(
      'Please enter academic session in correct format (YYYY-YY)',
    );
    expect(firstMessage(s, { ...valid, department: 'Astrology' })).toBe('Please select your department');
    expect(firstMessage(s, { ...valid, password: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(s.safeParse(valid).success).toBe(true);
  });

  it('accepts only the configured email domain', () => {
    const s = makeStudentSignupSchema('example.edu');
    expect(s.safeParse({ ...valid, email: 'asha@example.edu' }).success).toBe(true);
    expect(firstMessage(s, valid)).toBe('Please use your BIT Mesra email address');
  });
});

describe('complaint and notice schemas', () => {
  it('requires a room for a hostel complaint and refuses a hostel problem for a college one', () => {
    expect(
      ZFileComplaintRequest.safeParse({ type: 'Hostel', hostelNo: 3, subType: 'Fan', description: 'x' })
        .success,
    ).toBe(false);
    expect(
      ZFileComplaintRequest.safeParse({ type: 'College', subType: 'Plumbing', description: 'x' }).success,
    ).toBe(false);
    expect(
      ZFileComplaintRequest.safeParse({ type: 'College', subType: 'Library', description: 'x' }).success,
    ).toBe(true);
  });

  it('takes all or a hostel from 1 to 13 as a notice target', () => {
    expect(ZNoticeTarget.safeParse('all').success).toBe(true);
    expect(ZNoticeTarget.safeParse('13').success).toBe(true);
    expect(ZNoticeTarget.safeParse('14').success).toBe(false);
    expect(ZNoticeTarget.safeParse('../').success).toBe(false);
  });
});

describe('status colours', () => {
  it('uses the SPEC colours and red for anything else', () => {
    expect(statusColour('Pending')).toBe('yellow');
    expect(statusColour('In Progress')).toBe('blue');
    expect(statusColour('Resolved')).toBe('green');
    expect(statusColour('Rejected')).toBe('red');
  });
});
