import { MSG, type TRole, type TUser } from '@bit/contract';
import type { Ctx } from '../../context';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { trustedDeviceOf } from './device-cookies';
import { createSession } from './sessions';
import { refund, spend, trySpend } from './throttle';
import { deviceLoginKey, loginKeys } from './throttle-keys';
import { LIMITS } from './throttle-limits';
import { issueLoginTicket } from './two-factor-login';
import { findUserByEmail, toUser } from './users';

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
