import { randomBytes } from 'node:crypto';
import { MSG } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Ctx } from '../context';
import type { DB } from '../db/schema';
import { newOtp, safeEqual, sha256 } from '../lib/crypto';
import { badRequest, tooMany } from '../lib/errors';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;

type Purpose = 'verify' | 'reset';

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;

/** Issues a fresh code; earlier codes for the same purpose stop working. */
export async function issueCode(
  trx: Transaction<DB> | Kysely<DB>,
  email: string,
  purpose: Purpose,
  role: string,
  now: number,
): Promise<string> {
  const code = newOtp();
  await trx
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await trx
    .insertInto('otp_codes')
    .values({
      email,
      purpose,
      role,
      code_hash: hashCode(randomBytes(8).toString('hex'), code),
      attempts: 0,
      created_at: now,
      expires_at: now + CODE_TTL_MS,
      consumed_at: null,
    })
    .execute();
  return code;
}

/** Milliseconds until another code may be mailed to this address (0 when it may now). */
export async function resendWaitMs(ctx: Ctx, email: string, purpose: Purpose): Promise<number> {
  const last = await ctx.database.db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return 0;
  return Math.max(0, last.created_at + CODE_RESEND_MS - ctx.clock.now());
}

export async function assertMayResend(ctx: Ctx, email: string, purpose: Purpose) {
  const wait = await resendWaitMs(ctx, email, purpose);
  if (wait > 0) throw tooMany(MSG.resendTooSoon, wait / 1000);
}

/**
 * Checks a code and consumes it. Wrong codes count; the fifth wrong one burns the code, after
 * which even the right one answers 429 until a new code is requested.
 */
export async function consumeCode(ctx: Ctx, email: string, purpose: Purpose, code: string): Promise<void> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const row = await db
    .selectFrom('otp_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null || row.expires_at <= now) throw badRequest(MSG.otpInvalid, 'otp');
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw tooMany(MSG.otpBurned, (row.expires_at - now) / 1000);
  const [salt = ''] = row.code_hash.split(':');
  if (!safeEqual(hashCode(salt, code), row.code_hash)) {
    // the increment is conditional so two concurrent guesses cannot both slip under the limit
    const updated = await db
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    if (!updated || updated.attempts >= CODE_MAX_ATTEMPTS) {
      throw tooMany(MSG.otpBurned, (row.expires_at - now) / 1000);
    }
    throw badRequest(MSG.otpInvalid, 'otp');
  }
  const consumed = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw badRequest(MSG.otpInvalid, 'otp');
}
