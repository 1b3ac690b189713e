/**
 * What a two-step sign-in field keeps of what is typed or pasted (CONTRACT 6.5): a code from the app
 * is six digits ("123 456" pasted is six digits); a recovery code is `xxxxx-xxxxx`. The login's second
 * step and the set-up screen filter alike.
 */
export const keepAppCode = (text: string) => text.replace(/\D/g, '').slice(0, 6);
export const keepRecoveryCode = (text: string) => text.replace(/[^A-Za-z0-9-]/g, '').slice(0, 11);
