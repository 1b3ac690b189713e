import {
  type TTwoFactorCodeRequest,
  type TTwoFactorOffRequest,
  type TTwoFactorStartRequest,
  ZTwoFactorCodeRequest,
  ZTwoFactorOffRequest,
  ZTwoFactorStartRequest,
} from '@bit/contract';
import { formSchema } from '../../../lib/form';

/** Loaded by the code forms on their first use (lib/form.ts): the screen shows its state without zod. */
export const codeSchema = formSchema<{ code: string }, TTwoFactorCodeRequest>(ZTwoFactorCodeRequest);

/** CONTRACT 6.7: the set-up begins with the current password... */
export const startSchema = formSchema<{ password: string }, TTwoFactorStartRequest>(ZTwoFactorStartRequest);

/** ...and turning it off takes the password and a code. */
export const offSchema = formSchema<{ password: string; code: string }, TTwoFactorOffRequest>(
  ZTwoFactorOffRequest,
);
