import { layout, PRODUCT } from './layout';

/** An account's mails, mail only (no push): its one-time codes and the lock of its second step. */

/**
 * A one-time code. A verification mail greets no one by name: the name is whatever the sign-up
 * typed, and a stranger could put a phishing line in it and have the college's sender mail it to any
 * address (CONTRACT 5.9). `signedUpAgain`: another sign-up with this address is already waiting,
 * so the reader is told this one may not be theirs.
 */
export function codeMail(
  to: string,
  name: string | null,
  code: string,
  purpose: 'verify' | 'reset',
  opts: { signedUpAgain?: boolean } = {},
) {
  const subject =
    purpose === 'verify'
      ? `${PRODUCT}: your verification code ${code}`
      : `${PRODUCT}: your password reset code ${code}`;
  const body = layout(subject, [
    name ? `Hello ${name},` : 'Hello,',
    ...(opts.signedUpAgain
      ? [
          'This address was used to sign up again. If that was not you, ignore this mail: your own sign-up ' +
            'still works with the code mailed for it, and this one expires on its own.',
        ]
      : []),
    purpose === 'verify'
      ? `Your verification code is ${code}. Enter it to verify your email address.`
      : `Your password reset code is ${code}. Enter it with your new password.`,
    'The code is valid for 10 minutes. If you did not ask for it, you can ignore this mail.',
  ]);
  return { to, subject, ...body };
}

/**
 * CONTRACT 6.7: ten wrong two-step codes locked the second step of an account; only someone with its
 * password gets that far, so the owner is told to change it. Sent once a lock.
 */
export function twoFactorLockMail(to: string, name: string, resetLink: string) {
  const subject = `${PRODUCT}: someone entered your password and failed the second step`;
  const body = layout(subject, [
    `Hello ${name},`,
    'Someone entered the password of your account and then failed the second step of two-step sign-in ' +
      '10 times. Two-step sign-in stopped them, and it now refuses codes for your account for 15 minutes.',
    'Whoever it was knows your password: please change it now. Resetting your password also lets you ' +
      `sign in again at once: ${resetLink}`,
  ]);
  return { to, subject, ...body };
}
