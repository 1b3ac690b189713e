import { MSG, type TForgotPasswordRequest, type TResetPasswordRequest } from '@bit/contract';
import type { Ctx } from '../../context';
import { enqueueMail } from '../../delivery/mail/outbox';
import { codeMail } from '../../delivery/mail/templates/accounts';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { consumeCode, issueCode, issueDecoyCode } from './codes';
import { revokeAllSessions } from './sessions';
import { refund, spend } from './throttle';
import { addressSpend, clearLoginFailures, codeMailSpends } from './throttle-keys';
import { LIMITS } from './throttle-limits';
import { findUserByEmail } from './users';

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
