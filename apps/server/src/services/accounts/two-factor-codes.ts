import { randomInt } from 'node:crypto';
import { MSG_SECURITY } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';

/**
 * The codes of two-step sign-in (CONTRACT 6.5, 6.7): a time-based code (RFC 6238: 6 digits, 30
 * seconds, one step of drift either way) made and checked by `otpauth`, the step last accepted (a
 * code works once), and the recovery codes (stored hashed, each accepted once).
 */

const PERIOD_MS = 30_000;
const ISSUER = 'BIT Mesra Complaints';
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

const normalRecovery = (code: string) => code.trim().toLowerCase().replace('-', '');
export const hashRecovery = (code: string) => sha256(`recovery:${normalRecovery(code)}`);

export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export type Db = Kysely<DB> | Transaction<DB>;

/**
 * Accepts a code of a user whose two-step sign-in is on (or, with `pending`, being set up): a
 * time-based code of a step newer than the last one accepted, or an unused recovery code (not while
 * setting up). Each is taken by a conditional write, so a code is accepted once even when sent twice
 * at the same moment.
 */
export async function acceptCode(
  ctx: Ctx,
  db: Db,
  userId: number,
  code: string,
  pending = false,
): Promise<Verdict> {
  const row = await db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.enabled_at === null) !== pending) return 'wrong';
  const now = ctx.clock.now();
  if (/^\d{6}$/.test(code.trim())) {
    const delta = totpOf(row.secret).validate({ token: code.trim(), timestamp: now, window: 1 });
    if (delta === null) return 'wrong';
    const step = Math.floor(now / PERIOD_MS) + delta;
    const taken = await db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? 'app' : 'wrong';
  }
  if (pending) return 'wrong';
  const hash = hashRecovery(code);
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) >= 1) return 'recovery';
  // issue 51: a recovery code used before is told apart from a mistyped one (it is still a wrong code)
  const spent = await db
    .selectFrom('recovery_codes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return spent ? 'used' : 'wrong';
}

/** What a code turned out to be: accepted from the app or as a recovery code, or refused. */
type Verdict = 'app' | 'recovery' | 'wrong' | 'used';
export const accepted = (v: Verdict) => v === 'app' || v === 'recovery';
export const refusal = (v: Verdict) =>
  badRequest(v === 'used' ? MSG_SECURITY.recoveryCodeUsed : MSG_SECURITY.codeWrong, 'code');

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}
