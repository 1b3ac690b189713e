import { createHash, randomBytes, randomFillSync, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** An opaque session token: 256 random bits, URL-safe. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** A 6-digit one-time code from a cryptographic source. */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** `CMP-` and 10 characters of a 32-letter alphabet: 50 random bits, unrelated to any other token. */
export function newComplaintToken(): string {
  const at = takeRandomBytes(10);
  let s = 'CMP-';
  for (let i = at; i < at + 10; i++) s += TOKEN_ALPHABET[randomPool[i]! & 31];
  return s;
}

// Cryptographic random bytes drawn 4 KiB at a time and each used once: a native call and a new
// Buffer for every filing's 10 bytes cost about as much as building the rest of its row.
const randomPool = Buffer.alloc(4096);
let randomAt = randomPool.length;
function takeRandomBytes(n: number): number {
  if (randomAt + n > randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  randomAt += n;
  return randomAt - n;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
