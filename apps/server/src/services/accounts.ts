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
import type { Ctx } from '../context';
import type { UsersTable } from '../db/schema';
import { badRequest, conflict, forbidden, type HttpError, notFound, unauthorized } from '../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/passwords';
import { enqueueMail } from '../mail/outbox';
import { codeMail } from '../mail/templates';
import { assertMayResend, consumeCode, issueCode } from './codes';
import { createSession, revokeAllSessions } from './sessions';
import { assertNotThrottled, clearThrottle, LIMITS, recordHit } from './throttle';
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

/**
 * Creates an unverified account and mails it a code. Signing up again with an email whose account
 * was never verified replaces that pending account.
 */
async function signup(ctx: Ctx, user: NewUser, password: string): Promise<void> {
  const existing = await findUserByEmail(ctx, user.email);
  if (existing?.verified === 1 || (existing && existing.role !== user.role)) throw conflict(MSG.emailTaken);
  if (user.roll_no) {
    const roll = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('roll_no', '=', user.roll_no)
      .executeTakeFirst();
    if (roll && roll.id !== existing?.id) throw conflict(MSG.rollTaken);
  }
  if (existing) await assertMayResend(ctx, user.email, 'verify');
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  try {
    await ctx.database.db.transaction().execute(async (trx) => {
      const values = { ...user, password_hash: passwordHash, updated_at: now };
      if (existing) {
        await trx.updateTable('users').set(values).where('id', '=', existing.id).execute();
      } else {
        await trx
          .insertInto('users')
          .values({ ...values, verified: 0, approved: 0, created_at: now })
          .execute();
      }
      const code = await issueCode(trx, user.email, 'verify', user.role, now);
      await enqueueMail(trx, codeMail(user.email, user.name, code, 'verify'), now);
    });
  } catch (err) {
    // a concurrent signup with the same email or roll number won the unique index
    if (/unique|duplicate/i.test(String((err as Error).message))) {
      throw conflict(/roll/i.test(String((err as Error).message)) ? MSG.rollTaken : MSG.emailTaken);
    }
    throw err;
  }
  ctx.mailQueued();
}

export async function signupStudent(ctx: Ctx, input: TStudentSignupRequest): Promise<void> {
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
  );
}

export async function signupAuthority(
  ctx: Ctx,
  input: Omit<TAuthoritySignupRequest, 'hostelNo'> & { hostelNo: number | null },
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
  );
}

/** Verifies an email with its code and signs the user in. */
export async function verifyEmail(
  ctx: Ctx,
  role: 'student' | 'authority',
  email: string,
  otp: string,
): Promise<{ token: string; user: TUser }> {
  const user = await findUserByEmail(ctx, email);
  if (!user || user.role !== role) throw badRequest(MSG.otpInvalid, 'otp');
  if (user.verified === 1) throw badRequest(MSG.alreadyVerified);
  await consumeCode(ctx, email, 'verify', otp);
  const approved = role === 'student' || ctx.config.authorityApproval === 'none' ? 1 : 0;
  const updated = await ctx.database.db
    .updateTable('users')
    .set({ verified: 1, approved, updated_at: ctx.clock.now() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const { token } = await createSession(ctx, Number(user.id), false);
  return { token, user: toUser(updated) };
}

/** Mails a new verification code to a pending account; answers the same when there is none. */
export async function resendVerification(
  ctx: Ctx,
  role: 'student' | 'authority',
  email: string,
): Promise<void> {
  await assertMayResend(ctx, email, 'verify');
  const user = await findUserByEmail(ctx, email);
  if (!user || user.role !== role || user.verified === 1) {
    // no pending account: spend the same rate budget so probing addresses gains nothing
    await assertNotThrottled(ctx, [`resend:${email}`], MSG.resendTooSoon);
    await recordHit(ctx, `resend:${email}`, LIMITS.codeMailPerAddress);
    return;
  }
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const code = await issueCode(trx, email, 'verify', role, now);
    await enqueueMail(trx, codeMail(email, user.name, code, 'verify'), now);
  });
  ctx.mailQueued();
}

/**
 * Signs in one role. student-login tells the three failures apart (SPEC.md needs it);
 * the other two answer "Invalid credentials" for any failure.
 */
export async function login(
  ctx: Ctx,
  role: TRole,
  email: string,
  password: string,
  remember: boolean,
  ip: string,
): Promise<{ token: string; user: TUser; expiresAt: number }> {
  const accountKey = `login:acct:${email}`;
  const addressKey = `login:ip:${ip}`;
  await assertNotThrottled(ctx, [accountKey, addressKey]);
  const user = await findUserByEmail(ctx, email);
  const fail = async (err: HttpError) => {
    await recordHit(ctx, accountKey, LIMITS.loginPerAccount);
    await recordHit(ctx, addressKey, LIMITS.loginPerAddress);
    throw err;
  };
  const generic = unauthorized(MSG.invalidCredentials);
  if (!user || user.role !== role) {
    await burnPasswordCheck(password);
    return fail(role === 'student' ? notFound(MSG.userNotFound) : generic);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    return fail(role === 'student' ? unauthorized(MSG.incorrectPassword) : generic);
  }
  if (user.verified !== 1) throw role === 'student' ? forbidden(MSG.verifyFirst) : generic;
  await clearThrottle(ctx, accountKey);
  const session = await createSession(ctx, Number(user.id), remember);
  return { token: session.token, user: toUser(user), expiresAt: session.expiresAt };
}

/** Mails a reset code when the account exists; the answer never tells whether it does. */
export async function forgotPassword(ctx: Ctx, input: TForgotPasswordRequest, ip: string): Promise<void> {
  const key = `forgot:${input.email}`;
  await assertNotThrottled(ctx, [key], MSG.resendTooSoon);
  await assertNotThrottled(ctx, [`forgot:ip:${ip}`]);
  await recordHit(ctx, key, LIMITS.codeMailPerAddress);
  await recordHit(ctx, `forgot:ip:${ip}`, LIMITS.resetPerAddress);
  const user = await findUserByEmail(ctx, input.email);
  if (!user || user.role !== input.role || user.verified !== 1) return;
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const code = await issueCode(trx, input.email, 'reset', input.role, now);
    await enqueueMail(trx, codeMail(input.email, user.name, code, 'reset'), now);
  });
  ctx.mailQueued();
}

/** Sets a new password with a reset code and signs the user out everywhere. */
export async function resetPassword(ctx: Ctx, input: TResetPasswordRequest, ip: string): Promise<void> {
  const accountKey = `reset:acct:${input.email}`;
  await assertNotThrottled(ctx, [accountKey, `reset:ip:${ip}`]);
  const user = await findUserByEmail(ctx, input.email);
  if (!user || user.role !== input.role) {
    await recordHit(ctx, `reset:ip:${ip}`, LIMITS.resetPerAddress);
    throw badRequest(MSG.otpInvalid, 'otp');
  }
  try {
    await consumeCode(ctx, input.email, 'reset', input.otp);
  } catch (err) {
    await recordHit(ctx, accountKey, LIMITS.resetPerAccount);
    await recordHit(ctx, `reset:ip:${ip}`, LIMITS.resetPerAddress);
    throw err;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: ctx.clock.now() })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(ctx, Number(user.id), trx);
  });
  await clearThrottle(ctx, `login:acct:${input.email}`);
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
    });
    return 'updated';
  }
  await ctx.database.db
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
    .execute();
  return 'created';
}
