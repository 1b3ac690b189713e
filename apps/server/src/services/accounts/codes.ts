import { randomBytes } from 'node:crypto';
import { MSG } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { newOtp, safeEqual, sha256 } from '../../lib/crypto';
import { badRequest, tooMany } from '../../lib/errors';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

type Purpose = 'verify' | 'reset';

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;

/** A code row that no typed code can match: see issueDecoyCode. */
const DECOY_PREFIX = 'decoy:';

/**
 * Issues a fresh code. A verification code belongs to one pending sign-up (`signupId`) and ends only
 * that sign-up's earlier codes: a later sign-up with the same email cancels nothing (CONTRACT 5.9).
 * A reset code ends the email's earlier reset codes.
 */
export async function issueCode(
  trx: Transaction<DB> | Kysely<DB>,
  email: string,
  purpose: Purpose,
  role: string,
  now: number,
  signupId: number | null = null,
): Promise<string> {
  const code = newOtp();
  await insertCode(
    trx,
    { email, purpose, role, now, signupId },
    hashCode(randomBytes(8).toString('hex'), code),
  );
  return code;
}

/**
 * A reset "code" for an email with no account (or another role): it is never mailed and never
 * matches, but it is counted and burned like a real one, so reset-password answers an unknown email
 * exactly as a known one (400 five times, then 429), and wrong codes count only while a code is issued.
 */
export async function issueDecoyCode(
  trx: Transaction<DB> | Kysely<DB>,
  email: string,
  role: string,
  now: number,
): Promise<void> {
  await insertCode(
    trx,
    { email, purpose: 'reset', role, now, signupId: null },
    `${DECOY_PREFIX}${randomBytes(16).toString('hex')}`,
  );
}

async function insertCode(
  trx: Transaction<DB> | Kysely<DB>,
  c: { email: string; purpose: Purpose; role: string; now: number; signupId: number | null },
  codeHash: string,
) {
  let supersede = trx
    .updateTable('otp_codes')
    .set({ consumed_at: c.now })
    .where('email', '=', c.email)
    .where('purpose', '=', c.purpose)
    .where('consumed_at', 'is', null);
  if (c.signupId !== null) supersede = supersede.where('signup_id', '=', c.signupId);
  await supersede.execute();
  await trx
    .insertInto('otp_codes')
    .values({
      email: c.email,
      purpose: c.purpose,
      role: c.role,
      code_hash: codeHash,
      attempts: 0,
      created_at: c.now,
      expires_at: c.now + CODE_TTL_MS,
      consumed_at: null,
      signup_id: c.signupId,
    })
    .execute();
}

/**
 * Checks a code against the live codes of an email, purpose and role, and consumes the one it
 * matches (answering its sign-up id, for a verification code). A wrong code counts against every
 * live code; the fifth wrong try burns a code, after which even the right one answers 429 until a
 * new code is requested. With no live code at all the answer is a plain 400 and nothing is counted.
 */
export async function consumeCode(
  ctx: Ctx,
  email: string,
  purpose: Purpose,
  role: string,
  code: string,
): Promise<{ signupId: number | null }> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const live = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'signup_id'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('role', '=', role)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  if (live.length === 0) throw badRequest(MSG.otpInvalid, 'otp');
  const burnedError = (rows: { expires_at: number }[]) =>
    tooMany(MSG.otpBurned, (Math.max(...rows.map((r) => r.expires_at)) - now) / 1000);

  const match = live.find((row) => {
    if (row.code_hash.startsWith(DECOY_PREFIX)) return false;
    const [salt = ''] = row.code_hash.split(':');
    return safeEqual(hashCode(salt, code), row.code_hash);
  });
  if (match) {
    if (match.attempts >= CODE_MAX_ATTEMPTS) throw burnedError([match]);
    const consumed = await db
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('id', '=', match.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) !== 1) throw badRequest(MSG.otpInvalid, 'otp');
    return { signupId: match.signup_id === null ? null : Number(match.signup_id) };
  }

  const open = live.filter((r) => r.attempts < CODE_MAX_ATTEMPTS);
  if (open.length === 0) throw burnedError(live);
  // the increment is conditional so two concurrent guesses cannot both slip under the limit
  const counted = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      open.map((r) => r.id),
    )
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .returning('attempts')
    .execute();
  if (counted.every((r) => r.attempts >= CODE_MAX_ATTEMPTS)) throw burnedError(live);
  throw badRequest(MSG.otpInvalid, 'otp');
}
