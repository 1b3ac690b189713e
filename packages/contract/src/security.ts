// Schema catalogue: one zod schema and its type per export (two-step sign-in, audit log), read by both sides.
import { z } from 'zod';
import { pageOf, ZPageQuery } from './common';
import { ROLES } from './enums';
import { isCalendarDay, REPORT_DAY_MAX, REPORT_DAY_MIN } from './period';
import { MSG_SECURITY } from './security-messages';
import { ZUser } from './user';

/** 6 digits from the app, or a recovery code (`xxxxx-xxxxx`, case and dash optional). */
export const ZTwoFactorCode = z
  .string({ error: MSG_SECURITY.codeFormat })
  .trim()
  .min(6, MSG_SECURITY.codeFormat)
  .max(20, MSG_SECURITY.codeFormat)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, MSG_SECURITY.codeFormat);

/** A correct password of an account with two-step sign-in on: no session yet, a ticket for the code. */
export const ZTwoFactorChallenge = z.object({ twoFactor: z.literal(true), ticket: z.string() });
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

export const ZTwoFactorLoginRequest = z.strictObject({
  ticket: z.string({ error: MSG_SECURITY.signInExpired }).min(1, MSG_SECURITY.signInExpired).max(200),
  code: ZTwoFactorCode,
});
export type TTwoFactorLoginRequest = z.infer<typeof ZTwoFactorLoginRequest>;

export const ZTwoFactorSetupResponse = z.object({
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** the otpauth URL as an SVG QR code, `data:image/svg+xml;base64,…` */
  qrCode: z.string(),
});
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

export const ZTwoFactorCodeRequest = z.strictObject({ code: ZTwoFactorCode });
export type TTwoFactorCodeRequest = z.infer<typeof ZTwoFactorCodeRequest>;

/** CONTRACT 6.7: the account's current password; missing or wrong, the answer is "Wrong password". */
const ZCurrentPassword = z
  .string({ error: MSG_SECURITY.wrongPassword })
  .min(1, MSG_SECURITY.wrongPassword)
  .max(200, MSG_SECURITY.wrongPassword);
// a missing body is a missing password, not a shapeless request
const missingPassword = {
  error: (iss: { code?: string }) => (iss.code === 'invalid_type' ? MSG_SECURITY.wrongPassword : undefined),
};

/** POST /api/me/two-factor: begin setting it up, with the current password. */
export const ZTwoFactorStartRequest = z.strictObject({ password: ZCurrentPassword }, missingPassword);
export type TTwoFactorStartRequest = z.infer<typeof ZTwoFactorStartRequest>;

/** DELETE /api/me/two-factor: a code (or a recovery code) and the current password. */
export const ZTwoFactorOffRequest = z.strictObject(
  { code: ZTwoFactorCode, password: ZCurrentPassword },
  missingPassword,
);
export type TTwoFactorOffRequest = z.infer<typeof ZTwoFactorOffRequest>;

/**
 * POST /api/auth/two-factor: a session; after a recovery code, how many of them remain
 * (`recoveryCodesLeft`, absent after a code from the app).
 */
export const ZTwoFactorLoginResponse = z.object({
  token: z.string(),
  user: ZUser,
  recoveryCodesLeft: z.number().int().optional(),
});
export type TTwoFactorLoginResponse = z.infer<typeof ZTwoFactorLoginResponse>;

export const ZRecoveryCodesResponse = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

export const ZTwoFactorStatus = z.object({
  data: z.object({
    on: z.boolean(),
    /** ADMIN_2FA=required and this is an admin: it cannot be turned off */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  }),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const AUDIT_ACTIONS = [
  'authority.approve',
  'authority.withdraw',
  'notice.delete',
  'complaints.export',
  'incident.declare',
  'incident.update',
  'two-factor.on',
  'two-factor.off',
  'two-factor.reset',
  'admin.create',
  'admin.reset',
  'calendar.update',
  'committee.update',
  /** CONTRACT 7.3: a committee member opened a confidential grievance (the grievance as target, no content) */
  'grievance.view',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the audit log page names each action. */
export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  'authority.approve': 'Authority approved',
  'authority.withdraw': 'Authority approval withdrawn',
  'notice.delete': 'Notice deleted',
  'complaints.export': 'Complaints exported',
  'incident.declare': 'Incident declared',
  'incident.update': 'Incident changed',
  'two-factor.on': 'Two-step sign-in set up',
  'two-factor.off': 'Two-step sign-in turned off',
  'two-factor.reset': 'Two-step sign-in reset',
  'admin.create': 'Admin created',
  'admin.reset': 'Admin reset',
  'calendar.update': 'Holidays changed',
  'committee.update': 'Committee changed',
  'grievance.view': 'Confidential grievance opened',
};

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: z.enum(ROLES) }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** `name`: a user's name when the target is a user that still exists ("Asha Rao", not "User #14") */
  target: z.object({ type: z.string(), id: z.string(), name: z.string().optional() }).nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A day of TIME_ZONE, both ends included, as the report takes them (and within the same years). */
const auditDay = (field: 'from' | 'to') =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${field} must be a real day written YYYY-MM-DD` })
      .refine(isCalendarDay, { message: `${field} must be a real day written YYYY-MM-DD`, abort: true })
      // YYYY-MM-DD compares as text
      .refine(
        (day) => day >= REPORT_DAY_MIN && day <= REPORT_DAY_MAX,
        `${field} must be between ${REPORT_DAY_MIN} and ${REPORT_DAY_MAX}`,
      )
      .optional(),
  );

export const MSG_AUDIT = {
  actorInvalid: 'actor must be a user id',
  actionInvalid: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  rangeReversed: 'to must not be before from',
  whoTooLong: 'who must be at most 100 characters',
} as const;

/** The longest `who` of the audit log's query: a part of a name or an email. */
export const AUDIT_WHO_MAX = 100;

/** GET /api/admin/audit: a list as every other, newest first, with its filters; empty values are no values. */
export const ZAuditQuery = ZPageQuery.safeExtend({
  actor: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number<string | number>({ error: MSG_AUDIT.actorInvalid })
      .int(MSG_AUDIT.actorInvalid)
      .min(1, MSG_AUDIT.actorInvalid)
      .max(Number.MAX_SAFE_INTEGER, MSG_AUDIT.actorInvalid)
      .optional(),
  ),
  /** who did it: a part of their name or of their email, any case (the entries of every user it fits) */
  who: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim()) : v),
    z.string().max(AUDIT_WHO_MAX, MSG_AUDIT.whoTooLong).optional(),
  ),
  action: z.preprocess(
    emptyToUndefined,
    z.enum(AUDIT_ACTIONS, { error: MSG_AUDIT.actionInvalid }).optional(),
  ),
  from: auditDay('from'),
  to: auditDay('to'),
}).superRefine((q, ctx) => {
  if (!q.from || !q.to || !isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MSG_AUDIT.rangeReversed });
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditList = pageOf(ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;
