import {
  type TLoginRequest,
  type TTwoFactorCodeRequest,
  ZLoginRequest,
  ZTwoFactorCodeRequest,
} from '@bit/contract';
import { formSchema } from '../../../lib/form';

type TLoginValues = { email: string; password: string; remember: boolean };

/** Loaded by the login form on its first use (lib/form.ts), so the login screen draws without zod. */
export const loginSchema = formSchema<TLoginValues, TLoginRequest>(ZLoginRequest);

/** The login's second step (CONTRACT 6.5): a code from the app or a recovery code. */
export const codeSchema = formSchema<{ code: string }, TTwoFactorCodeRequest>(ZTwoFactorCodeRequest);
