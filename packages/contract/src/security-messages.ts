/**
 * CONTRACT 6.5: texts of two-step sign-in and the audit log. Here, with no schema beside it, so the
 * web's entry (the API client's 403 rule) and the login screens read them without zod.
 */
export const MSG_SECURITY = {
  twoFactorRequired: 'Set up two-step sign-in first',
  signInExpired: 'Sign-in expired, please log in again',
  codeWrong: 'That code is not right. Please try again.',
  codeFormat: 'Please enter the 6-digit code from your app, or a recovery code',
  twoFactorOn: 'Two-step sign-in is on',
  twoFactorOff: 'Two-step sign-in is off',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  notStarted: 'Start the set-up again: no secret is waiting to be confirmed',
  requiredForAdmins: 'Two-step sign-in is required for admins and cannot be turned off',
  onlyStaff: 'Two-step sign-in is for admins and authorities',
  photoQuota: 'You can add at most 30 photos a day. Please try again later.',
  // the web app: the second step of a login
  stepTitle: 'Two-step sign-in',
  stepAppHint: 'Enter the 6-digit code your authenticator app shows for this account.',
  stepRecoveryHint:
    'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.',
  stepFailed: 'Sign-in failed. Please try again.',
  // the web app: /two-step-sign-in
  about:
    'After your password, sign-in asks for a code from an app on your phone, so a password that someone else learns is not enough to open your account.',
  requiredExplained:
    'Your college requires two-step sign-in for admins. Set it up to continue: until then the admin screens stay closed.',
  scanOrType:
    'Scan this QR code with an authenticator app such as Google Authenticator, Microsoft Authenticator, or any TOTP app, or type the key below into it.',
  confirmHint: 'Then enter the 6-digit code the app shows, to finish.',
  keepCodesSafe:
    'Keep these recovery codes somewhere safe, such as a password manager or a printed page. Each one signs you in once if you lose your phone. They are shown only now.',
  recoveryCodesFile: 'BIT Mesra Complaints: recovery codes for two-step sign-in. Each works once.',
  turnOffHint: 'Enter a code from your app, or a recovery code, to turn two-step sign-in off.',
  authorityChoice:
    'Ask for a code from your phone after your password, so a stolen password alone cannot open your account.',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it yourself',
  loadFailed: 'Failed to load your two-step sign-in',
  setupFailed: 'Failed to start the set-up',
  confirmFailed: 'Failed to turn on two-step sign-in',
  turnOffFailed: 'Failed to turn off two-step sign-in',
  // CONTRACT 6.7: the password to turn it on or off, wrong codes counted per account
  wrongPassword: 'Wrong password',
  codesLocked: 'Too many wrong codes for this account. Please try again later, or reset your password.',
  recoveryCodeUsed: 'This recovery code was already used',
  stepHint:
    'Enter the 6-digit code your authenticator app shows for this account, or one of the recovery codes you saved when you set up two-step sign-in.',
  startHint: 'Enter your password to begin setting up two-step sign-in.',
  turnOffPasswordHint:
    'Enter your password and a code from your app, or a recovery code, to turn two-step sign-in off.',
  // the admin's authorities screen (CONTRACT 6.7: an authority who lost the phone and the recovery codes)
  adminResetAction: 'Turn off two-step sign-in',
  adminResetDone: 'Two-step sign-in turned off',
  adminResetFailed: 'Failed to turn off two-step sign-in',
  authorityHasIt: 'Two-step sign-in on',
  // ...and what it says
  adminResetExplained:
    'They will sign in with their password alone until they set it up again. Do this only when you know it is them asking, after they lost their phone and their recovery codes.',
  authorityNotFound: 'Authority not found',
} as const;

/** After a recovery code is used: how many remain, singular and plural right (issue 51 row 15). */
export const recoveryCodesLeftText = (n: number) =>
  n === 1 ? '1 recovery code left' : `${n} recovery codes left`;

/** The admin's confirmation before turning off an authority's two-step sign-in: its title... */
export const adminResetQuestion = (name: string) => `Turn off two-step sign-in for ${name}?`;
