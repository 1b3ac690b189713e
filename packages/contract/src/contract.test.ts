import { describe, expect, it } from 'vitest';
import {
  complaintStatusPath,
  makeStudentSignupSchema,
  normaliseMobile,
  noticeTargetsFor,
  statusColour,
  ZAuthoritySignupRequest,
  ZEmail,
  ZFileComplaintRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZNoticeTarget,
  ZProfileRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZVerifyEmailRequest,
} from './index';

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

describe('email addresses (CONTRACT 5.9: one plain local@domain, stored lower-cased)', () => {
  // each is an address to some mailer, and a different one to a database: a comment, a quoted
  // local part, a display name with angle brackets, a list, dots out of place, a bad hostname
  const hostile = [
    'student1.demo(alt)@bitmesra.ac.in',
    '"student1.demo"x@bitmesra.ac.in',
    '"student1.demo"@bitmesra.ac.in',
    '"x"<atk@evil.com>',
    'x <atk@evil.com>',
    '<atk@evil.com>',
    'atk@evil.com, victim@bitmesra.ac.in',
    'atk@evil.com,victim@bitmesra.ac.in',
    'a@b@bitmesra.ac.in',
    '.asha@bitmesra.ac.in',
    'asha.@bitmesra.ac.in',
    'as..ha@bitmesra.ac.in',
    'asha@-bitmesra.ac.in',
    'asha@bitmesra-.ac.in',
    'asha@bitmesra..ac.in',
    'asha@bitmesra.ac.in.',
    'asha@bit_mesra.ac.in',
    'asha@localhost',
    'asha@10.0.0.1',
    'asha@[10.0.0.1]',
    'as ha@bitmesra.ac.in',
    'asha@bitmesra.ac.in\nBcc: atk@evil.com',
    // U+212A KELVIN SIGN lower-cases to an ASCII k: refused as typed, not mapped to another address
    '\u212Aumar@bitmesra.ac.in',
  ];

  it('refuses every hostile address in every field that takes an email, with the email message', () => {
    const base = { password: 'password123', otp: '123456', newPassword: 'password123', role: 'student' };
    const schemas = {
      login: ZLoginRequest,
      verify: ZVerifyEmailRequest,
      resend: ZResendOtpRequest,
      forgot: ZForgotPasswordRequest,
      reset: ZResetPasswordRequest,
    };
    for (const email of hostile) {
      expect(firstMessage(ZEmail, email), email).toBe('Please enter a valid email address');
      for (const [name, schema] of Object.entries(schemas)) {
        const body = Object.fromEntries(
          Object.keys(schema.shape).map((k) => [k, k === 'email' ? email : base[k as keyof typeof base]]),
        );
        expect(firstMessage(schema, body), `${name}: ${email}`).toBe('Please enter a valid email address');
      }
      const authority = {
        name: 'W',
        email,
        mobile: '9876543210',
        designation: 'Other',
        password: 'password123',
      };
      expect(firstMessage(ZAuthoritySignupRequest, authority), email).toBe(
        'Please enter a valid email address',
      );
      expect(firstMessage(makeStudentSignupSchema(), { ...valid, email }), email).toBe(
        'Please use your BIT Mesra email address',
      );
    }
  });

  it('accepts a plain address with any dot-atom character, trimmed and lower-cased, up to 254 characters', () => {
    expect(ZEmail.parse("  O'Neil.Asha+hostel_4{x}=y?z#1@Mail.BIT-Mesra.ac.IN ")).toBe(
      "o'neil.asha+hostel_4{x}=y?z#1@mail.bit-mesra.ac.in",
    );
    expect(ZEmail.parse('a@b.co')).toBe('a@b.co');
    expect(ZEmail.parse('warden@xn--80ak6aa92e.xn--p1ai')).toBe('warden@xn--80ak6aa92e.xn--p1ai');
    const s = makeStudentSignupSchema();
    expect(s.parse({ ...valid, email: 'Asha.Kumari@BITMESRA.AC.IN' }).email).toBe(
      'asha.kumari@bitmesra.ac.in',
    );
    // the length limit and the messages are as before
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.in`;
    expect(long.length).toBeGreaterThan(254);
    expect(firstMessage(ZEmail, long)).toBe('Please enter a valid email address');
    expect(firstMessage(ZEmail, '')).toBe('Please enter your email');
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

describe('links', () => {
  it('builds the complaint status link that mails and screens share, with the token escaped', () => {
    expect(complaintStatusPath('CMP-AB12')).toBe('/complaint-status?token=CMP-AB12');
    expect(complaintStatusPath('a&b c')).toBe('/complaint-status?token=a%26b%20c');
  });
});

describe('mobile numbers (CONTRACT 5.8)', () => {
  it('normalises +91, a leading 0, spaces and dashes to ten digits and nothing else', () => {
    for (const text of [
      '+91 98765-43210',
      '+91 98765 43210',
      '+919876543210',
      '098765-43210',
      ' 9876543210 ',
    ]) {
      expect(normaliseMobile(text)).toBe('9876543210');
    }
    for (const text of [
      '91 98765 43210',
      '+92 9876543210',
      '0091 9876543210',
      '98765 4321',
      '(98765)43210',
      '',
    ]) {
      expect(normaliseMobile(text)).toBeNull();
    }
  });

  it('sends the ten digits from both signups and the profile', () => {
    const student = makeStudentSignupSchema().parse({ ...valid, mobile: '+91 98765-43210' });
    expect(student.mobile).toBe('9876543210');
    const profile = ZProfileRequest.parse({ mobile: '0 98765 43210', hostelNo: '4', roomNo: ' 12 ' });
    expect(profile).toEqual({ mobile: '9876543210', hostelNo: 4, roomNo: '12' });
    expect(firstMessage(ZProfileRequest, { mobile: '12345' })).toBe(
      'Please enter a valid 10-digit mobile number',
    );
  });
});

describe('notice audiences (CONTRACT 5.8)', () => {
  it('gives a Hostel Clerk or Warden their own hostel only, everyone else every audience', () => {
    const authority = (designation: string, hostelNo: number | null) => ({
      role: 'authority',
      designation,
      hostelNo,
    });
    expect(noticeTargetsFor(authority('Hostel Clerk', 4))).toEqual(['4']);
    expect(noticeTargetsFor(authority('Warden', 13))).toEqual(['13']);
    expect(noticeTargetsFor(authority('Warden', null))).toEqual([]);
    expect(noticeTargetsFor(authority('Network Department', null))).toHaveLength(14);
    expect(noticeTargetsFor(authority('Other', null))).toContain('all');
    expect(noticeTargetsFor({ role: 'admin', designation: null, hostelNo: null })).toHaveLength(14);
  });
});
