import { MSG, type TAuthoritySignupRequest, type TStudentSignupRequest, type TUser } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { enqueueMail } from '../../delivery/mail/outbox';
import { codeMail } from '../../delivery/mail/templates/accounts';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { consumeCode, issueCode } from './codes';
import { createSession } from './sessions';
import { refund, spend } from './throttle';
import { addressSpend, codeMailSpends } from './throttle-keys';
import { LIMITS } from './throttle-limits';
import { toUser } from './users';

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
