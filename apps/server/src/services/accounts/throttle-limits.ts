/** A limit of events per window; how its window runs is the spend's (throttle.ts). */
export interface Limit {
  /** events allowed inside the window */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The limits, also written in the README. Kept in the database so every instance counts together,
 * and each decided by one conditional write (spend), so that requests sent at once cannot pass a
 * limit together: PostgreSQL's `INSERT ... ON CONFLICT DO UPDATE ... WHERE` locks the row and
 * judges the newest count; SQLite runs one write at a time.
 */
export const LIMITS = {
  /**
   * CONTRACT 6.5: failed logins of one account, from any addresses, after which a client without
   * the account's device cookie waits; the count lives until 15 minutes pass without a failure
   */
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** failed logins from one address (an IPv6 /64) over any accounts, likewise */
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  /**
   * failed logins from one device cookie of the account: past it, the cookie is not trusted until
   * 15 quiet minutes, so a stolen cookie buys at most this many guesses more
   */
  loginPerDevice: { max: 10, windowMs: 15 * MINUTE },
  /**
   * CONTRACT 6.7: wrong two-step codes of one account, over any tickets (a ticket burns after 5, but
   * each right password gives a new one); the count lives until 15 minutes pass without a wrong one
   */
  twoFactorPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** one mail to the owner per lock of their two-step codes: a lock lasts 15 minutes at least */
  twoFactorLockMail: { max: 1, windowMs: 15 * MINUTE },
  /** wrong reset codes from one address */
  resetPerAddress: { max: 30, windowMs: 60 * MINUTE },
  /** wrong verification codes from one address */
  verifyPerAddress: { max: 30, windowMs: 60 * MINUTE },
  /**
   * sign-ups (each mails a code) from one address: a campus NAT on the first day of term sends many
   * students' sign-ups from one address, all to college mailboxes...
   */
  signupPerAddress: { max: 100, windowMs: 60 * MINUTE },
  /** ...while mail from the college's sender to outside mailboxes is what a phisher wants */
  outsideSignupPerAddress: { max: 10, windowMs: 60 * MINUTE },
  /** resend requests from one address */
  resendPerAddress: { max: 20, windowMs: 60 * MINUTE },
  /** code mails (sign-up, resend, reset) to one email address: one a minute... */
  codeMailPerEmail: { max: 1, windowMs: MINUTE },
  /** ...and five an hour */
  codeMailsPerEmailHourly: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * The longest window of any limit. A row whose window began this long ago is spent for every limit
 * that reads it (the next event starts it over, Retry-After would be past), so the daily clean-up
 * deletes it (throttle-cleanup.ts) and changes no answer. A limit kept in this table outside LIMITS
 * (the sticker sheets') may be no longer: spendCounted refuses one that is.
 */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
