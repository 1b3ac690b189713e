import { type TLoginRequest, ZLoginRequest } from '@bit/contract';
import { formSchema } from '../../../lib/form';

type TLoginValues = { email: string; password: string; remember: boolean };

/** Loaded by the login form on its first use (lib/form.ts), so the login screen draws without zod. */
export const loginSchema = formSchema<TLoginValues, TLoginRequest>(ZLoginRequest);
