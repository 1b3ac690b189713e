import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** An opaque session token: 256 random bits, URL-safe. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** A 6-digit one-time code from a cryptographic source. */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** `CMP-` and 10 characters of a 32-letter alphabet: 50 random bits, unrelated to any other token. */
export function newComplaintToken(): string {
  const bytes = randomBytes(10);
  let s = 'CMP-';
  for (const b of bytes) s += TOKEN_ALPHABET[b & 31];
  return s;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
