import { isIPv6 } from 'node:net';
import { MSG } from '@bit/contract';
import type { Ctx } from '../../context';
import type { Spend } from './throttle';
import { LIMITS, type Limit } from './throttle-limits';

/**
 * The part of a client address that a limit counts: an IPv4 address whole, an IPv6 address by its
 * /64 (one customer's network: a host picks any of its 2^64 addresses at will).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts a code mail to an email address, refusing it (429, nothing counted) when one of the same
 * purpose went out in the last minute, or five of any purpose in the last hour. Called whether or
 * not an account exists, so the answers tell nothing about the address.
 */
export const codeMailSpends = (email: string, purpose: 'verify' | 'reset'): Spend[] => [
  { key: `codemail:min:${purpose}:${email}`, limit: LIMITS.codeMailPerEmail, message: MSG.resendTooSoon },
  { key: `codemail:hour:${email}`, limit: LIMITS.codeMailsPerEmailHourly, message: MSG.tooManyCodeMails },
];

/** A per-address budget: the address's key for one kind of request. */
export const addressSpend = (kind: string, ip: string, limit: Limit): Spend => ({
  key: `${kind}:ip:${addressKey(ip)}`,
  limit,
});

export const loginKeys = (email: string, ip: string) => ({
  account: `login:acct:${email}`,
  address: `login:ip:${addressKey(ip)}`,
});

export const deviceLoginKey = (deviceId: string, userId: number) => `login:dev:${deviceId}:${userId}`;

/** CONTRACT 6.7: an account's wrong two-step codes, and the mark that its lock was mailed. */
export const twoFactorKeys = (email: string) => ({
  account: `login:2fa:${email}`,
  mailed: `login:2fa-mail:${email}`,
});

/**
 * After a password reset, the account's failed logins and wrong two-step codes are forgotten: its
 * locks are lifted.
 */
export async function clearLoginFailures(ctx: Ctx, email: string): Promise<void> {
  const codes = twoFactorKeys(email);
  await ctx.database.db
    .deleteFrom('throttle')
    .where('key', 'in', [loginKeys(email, '').account, codes.account, codes.mailed])
    .execute();
}
