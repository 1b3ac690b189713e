// Schema catalogue: one zod schema and its type per export (sign-up, sign-in, codes), read by both sides.
import { z } from 'zod';
import {
  accountPlace,
  DEFAULT_STUDENT_EMAIL_DOMAIN,
  DESIGNATIONS,
  HOSTEL_DESIGNATIONS,
  HOSTEL_MAX,
  HOSTEL_MIN,
  PASSWORD_MIN,
  STUDENT_DEPARTMENTS,
} from './enums';
import { MSG } from './messages';
import { ZMobile } from './profile';
import { ZTwoFactorChallenge } from './security';
import { ZUser } from './user';

const NAME_MAX = 100;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 128;

const requiredText = (msg: string, max = NAME_MAX) =>
  z.string({ error: msg }).trim().min(1, msg).max(max, `Must be at most ${max} characters`);

const password = () =>
  z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .min(PASSWORD_MIN, MSG.passwordShort)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The local part: RFC 5322's dot-atom and nothing else. Comments `(x)`, quoted strings, angle
 * brackets and commas are also "valid" addresses, but a mailer reads them differently from a
 * database: `"x"<atk@evil.com>` was stored as one account and mailed to another mailbox.
 */
const LOCAL_PART = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
/** A hostname label: letters, digits and inner hyphens. */
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
/** Labels ending in a top-level one, which starts with a letter (so never an IP address). */
const HOSTNAME = `(?:${LABEL}\\.)+[a-z](?:[a-z0-9-]*[a-z0-9])?`;

/** `local@domain` only: one address, as a mailer and the database both read it. */
const EMAIL_RE = new RegExp(`^${LOCAL_PART}@${HOSTNAME}$`, 'i');

// The rule is checked on the text as typed (trimmed) and only then lower-cased: lower-casing
// first let look-alikes such as the Kelvin sign (U+212A, lower-cased to "k") through.
const email = () =>
  z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .max(EMAIL_MAX, MSG.emailInvalid)
    .regex(EMAIL_RE, MSG.emailInvalid)
    .toLowerCase();

/** One email address as every request takes it (also for the create-admin command). */
export const ZEmail = email();

/**
 * Student signup. Keys are in SPEC.md's order and each key's checks in its order, so the first
 * issue zod reports is the first rule SPEC.md says fails. The domain is configurable
 * (STUDENT_EMAIL_DOMAIN), hence a factory.
 */
export function makeStudentSignupSchema(domain: string = DEFAULT_STUDENT_EMAIL_DOMAIN) {
  const domainRe = new RegExp(`^${LOCAL_PART}@${escapeRegExp(domain.toLowerCase())}$`, 'i');
  return z.strictObject({
    name: requiredText(MSG.nameRequired),
    rollNo: requiredText(MSG.rollRequired, 50),
    email: z
      .string({ error: MSG.emailRequired })
      .trim()
      .min(1, MSG.emailRequired)
      .max(EMAIL_MAX, MSG.emailDomain)
      .regex(domainRe, MSG.emailDomain)
      .toLowerCase(),
    mobile: ZMobile,
    session: z
      .string({ error: MSG.sessionRequired })
      .trim()
      .min(1, MSG.sessionRequired)
      .regex(/^20\d{2}-\d{2}$/, MSG.sessionFormat),
    department: z.enum(STUDENT_DEPARTMENTS, { error: MSG.departmentRequired }),
    password: password(),
  });
}
export const ZStudentSignupRequest = makeStudentSignupSchema();
export type TStudentSignupRequest = z.infer<typeof ZStudentSignupRequest>;

export const ZAuthoritySignupRequest = z
  .strictObject({
    name: requiredText(MSG.nameRequired),
    email: email(),
    mobile: ZMobile,
    designation: z.enum(DESIGNATIONS, { error: MSG.designationRequired }),
    department: z
      .string()
      .trim()
      .max(NAME_MAX, `Department must be at most ${NAME_MAX} characters`)
      .nullish(),
    // ignored unless the designation belongs to a hostel; checked below
    hostelNo: z.union([z.number(), z.string(), z.null()]).optional(),
    password: password(),
  })
  .transform((v, ctx) => {
    const needsHostel = HOSTEL_DESIGNATIONS.includes(v.designation);
    let hostelNo: number | null = null;
    if (needsHostel) {
      const n = typeof v.hostelNo === 'string' ? Number(v.hostelNo) : v.hostelNo;
      if (
        n === null ||
        n === undefined ||
        (typeof v.hostelNo === 'string' && v.hostelNo.trim() === '') ||
        !Number.isInteger(n) ||
        n < HOSTEL_MIN ||
        n > HOSTEL_MAX
      ) {
        ctx.addIssue({ code: 'custom', path: ['hostelNo'], message: MSG.hostelRequired });
        return z.NEVER;
      }
      hostelNo = n;
    }
    return { ...v, ...accountPlace(v.designation, { department: v.department || null, hostelNo }) };
  });
export type TAuthoritySignupRequest = z.input<typeof ZAuthoritySignupRequest>;

const otp = () =>
  z
    .string({ error: MSG.otpRequired })
    .trim()
    .regex(/^\d{6}$/, MSG.otpRequired);

export const ZVerifyEmailRequest = z.strictObject({ email: email(), otp: otp() });
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

export const ZResendOtpRequest = z.strictObject({ email: email() });
export type TResendOtpRequest = z.infer<typeof ZResendOtpRequest>;

export const ZLoginRequest = z.strictObject({
  email: email(),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX),
  remember: z.boolean().optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthResponse = z.object({ token: z.string(), user: ZUser });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;
/** A login's answer: signed in, or (CONTRACT 6.5) a ticket for the second step. */
export const ZLoginResponse = z.union([ZAuthResponse, ZTwoFactorChallenge]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZVerifyEmailResponse = z.object({ message: z.string(), token: z.string(), user: ZUser });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

export const ZCheckAuthResponse = z.object({ user: ZUser });

export const ZForgotPasswordRequest = z.strictObject({
  email: email(),
  role: z.enum(['student', 'authority', 'admin'], { error: MSG.invalidRole }),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.strictObject({
  email: email(),
  otp: otp(),
  newPassword: password(),
  role: z.enum(['student', 'authority', 'admin'], { error: MSG.invalidRole }),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** `npm run create-admin`: the same email, password and name rules as every sign-up. */
export const ZCreateAdminRequest = z.strictObject({
  email: email(),
  password: password(),
  name: requiredText(MSG.nameRequired),
});
export type TCreateAdminRequest = z.infer<typeof ZCreateAdminRequest>;

export const ZPublicConfig = z.object({
  studentEmailDomain: z.string(),
  authorityApproval: z.enum(['admin', 'none']),
  /** the server's TIME_ZONE (CONTRACT 5.5): the web app shows every date in it */
  timeZone: z.string(),
  /** CONTRACT 6.5: ADMIN_2FA; `required` makes admins set up two-step sign-in before anything else */
  admin2fa: z.enum(['optional', 'required']),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
