import {
  MSG,
  type TAuthoritySignupRequest,
  type TForgotPasswordRequest,
  type TResetPasswordRequest,
  type TRole,
  type TStudentSignupRequest,
  type TUser,
} from '@bit/contract';
import type { Selectable } from 'kysely';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import { codeMail } from '../../mail/templates';
import { recordAudit } from '../oversight/audit';
import { consumeCode, issueCode, issueDecoyCode } from './codes';
import { trustedDeviceOf } from './device-cookies';
import { createSession, revokeAllSessions } from './sessions';
import {
  addressSpend,
  clearLoginFailures,
  codeMailSpends,
  deviceLoginKey,
  LIMITS,
  loginKeys,
  refund,
  spend,
  trySpend,
} from './throttle';
import { issueLoginTicket, resetTwoFactor } from './two-factor';
import { toUser } from './users';

/** The one lookup that needs the password hash: signing in. */
async function findUserByEmail(ctx: Ctx, email: string): Promise<Selectable<UsersTable> | undefined> {
  return ctx.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

type NewUser = {
  role: 'student' | 'authority';
  name: string;
  email: string;
  mobile: string;
  department: string | null;
  designation: string | null;
  hostel_no: number | null;
  roll_no: string | null;
  session: string | null;
};

export const PENDING_SIGNUP_TTL_MS = 24 * 60 * 60 * 1000;

/** 409 when a verified account already holds the email or the roll number (CONTRACT 3 and 5.9). */
async function assertFreeAmongVerified(ctx: Ctx, email: string, rollNo: string | null) {
  const taken = await ctx.database.db
    .selectFrom('users')
    .select(['email', 'roll_no'])
    .where((eb) =>
      rollNo ? eb.or([eb('email', '=', email), eb('roll_no', '=', rollNo)]) : eb('email', '=', email),
    )
    .execute();
  if (taken.some((u) => u.email === email)) throw conflict(MSG.emailTaken);
  if (taken.length > 0) throw conflict(MSG.rollTaken);
}

/**
 * Records a pending sign-up and mails it its own code. A sign-up reserves nothing and changes no
 * other sign-up (CONTRACT 5.9): an earlier sign-up with the same email keeps its details, password
 * and code, and the mail of a later one says the address was used to sign up again.
 */
async function signup(ctx: Ctx, user: NewUser, password: string, ip: string): Promise<void> {
  await assertFreeAmongVerified(ctx, user.email, user.roll_no);
  const outside = !user.email.endsWith(`@${ctx.config.studentEmailDomain}`);
  await spend(ctx, [
    addressSpend('signup', ip, LIMITS.signupPerAddress),
    ...(outside ? [addressSpend('signup:outside', ip, LIMITS.outsideSignupPerAddress)] : []),
    ...codeMailSpends(user.email, 'verify'),
  ]);
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('pending_signups').where('expires_at', '<=', now).execute();
    const earlier = await trx
      .selectFrom('pending_signups')
      .select('id')
      .where('email', '=', user.email)
      .limit(1)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('pending_signups')
      .values({
        ...user,
        password_hash: passwordHash,
        created_at: now,
        expires_at: now + PENDING_SIGNUP_TTL_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = await issueCode(trx, user.email, 'verify', user.role, now, Number(inserted.id));
    await enqueueMail(trx, codeMail(user.email, null, code, 'verify', { signedUpAgain: !!earlier }), now);
  });
  ctx.mailQueued();
}

export async function signupStudent(ctx: Ctx, input: TStudentSignupRequest, ip: string): Promise<void> {
  await signup(
    ctx,
    {
      role: 'student',
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      department: input.department,
      designation: null,
      hostel_no: null,
      roll_no: input.rollNo,
      session: input.session,
    },
    input.password,
    ip,
  );
}

export async function signupAuthority(
  ctx: Ctx,
  input: Omit<TAuthoritySignupRequest, 'hostelNo'> & { hostelNo: number | null },
  ip: string,
): Promise<void> {
  await signup(
    ctx,
    {
      role: 'authority',
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      department: input.department ?? null,
      designation: input.designation,
      hostel_no: input.hostelNo,
      roll_no: null,
      session: null,
    },
    input.password,
    ip,
  );
}

/**
 * Verifies the pending sign-up that the code was mailed for, with that sign-up's own details and
 * password, and signs it in. An unknown, expired or already verified email answers exactly as a
 * wrong code (CONTRACT 5.9), and every wrong answer counts against the client address.
 */
export async function verifyEmail(
  ctx: Ctx,
  role: 'student' | 'authority',
  email: string,
  otp: string,
  ip: string,
): Promise<{ token: string; user: TUser }> {
  // a try is counted before the code is checked and given back when it was right, so that
  // guesses sent at once cannot all be checked before the first is counted
  const budget = addressSpend('verify', ip, LIMITS.verifyPerAddress);
  await spend(ctx, [budget]);
  const { signupId } = await consumeCode(ctx, email, 'verify', role, otp);
  await refund(ctx, [budget.key]);
  const now = ctx.clock.now();
  const pending =
    signupId === null
      ? undefined
      : await ctx.database.db
          .selectFrom('pending_signups')
          .selectAll()
          .where('id', '=', signupId)
          .where('expires_at', '>', now)
          .executeTakeFirst();
  if (!pending) throw badRequest(MSG.otpInvalid, 'otp');
  // uniqueness holds among verified accounts: another sign-up may have been verified meanwhile
  await assertFreeAmongVerified(ctx, pending.email, pending.roll_no);
  const approved = role === 'student' || ctx.config.authorityApproval === 'none' ? 1 : 0;
  const { id: _id, created_at: _c, expires_at: _e, ...details } = pending;
  let created: Selectable<UsersTable>;
  try {
    created = await ctx.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({ ...details, verified: 1, approved, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      // the other sign-ups with this email can never be verified now
      await trx.deleteFrom('pending_signups').where('email', '=', pending.email).execute();
      return row;
    });
  } catch (err) {
    // a concurrent verification of another sign-up won the unique index
    if (isUniqueViolation(err)) {
      throw conflict(/roll/i.test(String((err as Error).message)) ? MSG.rollTaken : MSG.emailTaken);
    }
    throw err;
  }
  const { token } = await createSession(ctx, Number(created.id), false);
  return { token, user: toUser(created) };
}

/**
 * Mails a new code for the newest pending sign-up of that email and role; answers the same when
 * there is none, and spends the same budgets, so probing addresses tells nothing.
 */
export async function resendVerification(
  ctx: Ctx,
  role: 'student' | 'authority',
  email: string,
  ip: string,
): Promise<void> {
  await spend(ctx, [addressSpend('resend', ip, LIMITS.resendPerAddress), ...codeMailSpends(email, 'verify')]);
  const now = ctx.clock.now();
  const pending = await ctx.database.db
    .selectFrom('pending_signups')
    .select(['id', 'role'])
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const newest = pending[0];
  if (!newest || newest.role !== role) return;
  await ctx.database.db.transaction().execute(async (trx) => {
    const code = await issueCode(trx, email, 'verify', role, now, Number(newest.id));
    await enqueueMail(trx, codeMail(email, null, code, 'verify', { signedUpAgain: pending.length > 1 }), now);
  });
  ctx.mailQueued();
}

/** Whether a password opens one of the newest pending sign-ups of an email (for SPEC's 403). */
async function pendingSignupPassword(
  ctx: Ctx,
  role: TRole,
  email: string,
  password: string,
): Promise<'none' | 'wrong' | 'right'> {
  if (role === 'admin') return 'none';
  const pending = await ctx.database.db
    .selectFrom('pending_signups')
    .select('password_hash')
    .where('email', '=', email)
    .where('role', '=', role)
    .where('expires_at', '>', ctx.clock.now())
    .orderBy('id', 'desc')
    // a bound on the hashes one login may cost
    .limit(3)
    .execute();
  if (pending.length === 0) return 'none';
  for (const p of pending) if (await verifyPassword(p.password_hash, password)) return 'right';
  return 'wrong';
}

/**
 * May this client try a password now (CONTRACT 6.5)? A browser with the account's device cookie
 * counts its failures on that cookie alone, so no one elsewhere can lock the owner out; past ten it
 * is judged like any other client. Any other client counts on the account (10 failures, any
 * addresses) and on its address (100, any accounts), and is refused while either is spent. The try
 * is counted before the password is checked (one conditional write per key decides, so parallel
 * guesses cannot pass together) and given back when the password was right. Answers the keys to
 * give back.
 */
async function admitLogin(
  ctx: Ctx,
  email: string,
  ip: string,
  userId: number | null,
  deviceCookie: string | undefined,
): Promise<string[]> {
  const device = userId === null ? null : await trustedDeviceOf(ctx, deviceCookie, userId);
  if (device !== null && userId !== null) {
    const key = deviceLoginKey(device, userId);
    if (await trySpend(ctx, key, LIMITS.loginPerDevice, 'quiet')) return [key];
  }
  const keys = loginKeys(email, ip);
  await spend(ctx, [
    { key: keys.address, limit: LIMITS.loginPerAddress, kind: 'quiet' },
    { key: keys.account, limit: LIMITS.loginPerAccount, kind: 'quiet' },
  ]);
  return [keys.address, keys.account];
}

export type LoginResult =
  | { twoFactor: false; token: string; user: TUser; expiresAt: number; userId: number }
  | { twoFactor: true; ticket: string };

/**
 * Signs in one role. student-login tells the three failures apart (SPEC.md needs it);
 * the other two answer "Invalid credentials" for any failure. With two-step sign-in on, a right
 * password answers a ticket for the code instead of a session.
 */
export async function login(
  ctx: Ctx,
  role: TRole,
  email: string,
  password: string,
  remember: boolean,
  ip: string,
  deviceCookie?: string,
): Promise<LoginResult> {
  const user = await findUserByEmail(ctx, email);
  const counted = await admitLogin(ctx, email, ip, user ? Number(user.id) : null, deviceCookie);
  const generic = unauthorized(MSG.invalidCredentials);
  if (!user || user.role !== role) {
    const pending = user ? 'none' : await pendingSignupPassword(ctx, role, email, password);
    if (pending === 'right') {
      await refund(ctx, counted);
      throw role === 'student' ? forbidden(MSG.verifyFirst) : generic;
    }
    if (pending === 'none') await burnPasswordCheck(password);
    if (role !== 'student') throw generic;
    throw pending === 'wrong' ? unauthorized(MSG.incorrectPassword) : notFound(MSG.userNotFound);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    throw role === 'student' ? unauthorized(MSG.incorrectPassword) : generic;
  }
  await refund(ctx, counted);
  if (user.verified !== 1) throw role === 'student' ? forbidden(MSG.verifyFirst) : generic;
  if (user.two_factor_on === 1) {
    return { twoFactor: true, ticket: await issueLoginTicket(ctx, Number(user.id), remember) };
  }
  const session = await createSession(ctx, Number(user.id), remember);
  return {
    twoFactor: false,
    token: session.token,
    user: toUser(user),
    expiresAt: session.expiresAt,
    userId: Number(user.id),
  };
}

/**
 * Mails a reset code when the account exists; the answer never tells whether it does. For an email
 * with no such account a decoy code is issued instead (never mailed, never matching), so that
 * reset-password then answers both alike, 429 included.
 */
export async function forgotPassword(ctx: Ctx, input: TForgotPasswordRequest, ip: string): Promise<void> {
  await spend(ctx, [
    addressSpend('forgot', ip, LIMITS.resetPerAddress),
    ...codeMailSpends(input.email, 'reset'),
  ]);
  const user = await findUserByEmail(ctx, input.email);
  const now = ctx.clock.now();
  if (!user || user.role !== input.role || user.verified !== 1) {
    await issueDecoyCode(ctx.database.db, input.email, input.role, now);
    return;
  }
  await ctx.database.db.transaction().execute(async (trx) => {
    const code = await issueCode(trx, input.email, 'reset', input.role, now);
    await enqueueMail(trx, codeMail(input.email, user.name, code, 'reset'), now);
  });
  ctx.mailQueued();
}

/**
 * Sets a new password with a reset code and signs the user out everywhere. Wrong codes are counted
 * by the code itself (five burn it), so they count only while a code is issued; the client address
 * has its own budget of wrong codes.
 */
export async function resetPassword(ctx: Ctx, input: TResetPasswordRequest, ip: string): Promise<void> {
  const budget = addressSpend('reset', ip, LIMITS.resetPerAddress);
  await spend(ctx, [budget]);
  await consumeCode(ctx, input.email, 'reset', input.role, input.otp);
  await refund(ctx, [budget.key]);
  const user = await findUserByEmail(ctx, input.email);
  if (!user || user.role !== input.role) throw badRequest(MSG.otpInvalid, 'otp');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: ctx.clock.now() })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(ctx, Number(user.id), trx);
  });
  await clearLoginFailures(ctx, input.email);
}

/** Creates an admin, or resets the password of the admin with that email. */
export async function createAdmin(
  ctx: Ctx,
  input: { email: string; password: string; name: string },
): Promise<'created' | 'updated'> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx, email);
  if (existing && existing.role !== 'admin') {
    throw new Error(`${email} already belongs to a ${existing.role} account`);
  }
  if (existing) {
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, name: input.name, updated_at: now, verified: 1, approved: 1 })
        .where('id', '=', existing.id)
        .execute();
      await revokeAllSessions(ctx, Number(existing.id), trx);
      // an admin who lost the phone and the recovery codes gets in again through the command line
      await resetTwoFactor(ctx, trx, Number(existing.id));
      await recordAudit(trx, {
        actor: null,
        action: 'admin.reset',
        target: { type: 'user', id: Number(existing.id) },
        ip: null,
        at: now,
      });
    });
    await clearLoginFailures(ctx, email);
    return 'updated';
  }
  await ctx.database.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('users')
      .values({
        role: 'admin',
        name: input.name,
        email,
        password_hash: passwordHash,
        mobile: null,
        department: null,
        designation: null,
        hostel_no: null,
        roll_no: null,
        session: null,
        verified: 1,
        approved: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: null,
      action: 'admin.create',
      target: { type: 'user', id: Number(created.id) },
      ip: null,
      at: now,
    });
  });
  return 'created';
}
