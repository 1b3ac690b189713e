import { z } from 'zod';
import { pageOf, ZPageQuery } from './common';
import { ROLES } from './enums';
import { MSG_SECURITY } from './security-messages';

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
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: z.enum(ROLES) }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const auditDay = (field: 'from' | 'to') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a day as YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1970-01-01';
    }, `${field} must be a real day as YYYY-MM-DD`)
    .optional();

/** GET /api/admin/audit: a list as every other, newest first, with its filters. */
export const ZAuditQuery = ZPageQuery.safeExtend({
  actor: z.coerce
    .number({ error: 'actor must be a user id' })
    .int('actor must be a user id')
    .min(1, 'actor must be a user id')
    .max(Number.MAX_SAFE_INTEGER, 'actor must be a user id')
    .optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  from: auditDay('from'),
  to: auditDay('to'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'to must not be before from', path: ['to'] });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditList = pageOf(ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;
