import { type TTwoFactorCodeRequest, ZTwoFactorCodeRequest } from '@bit/contract';
import { formSchema } from '../../../lib/form';

/** Loaded by the code forms on their first use (lib/form.ts): the screen shows its state without zod. */
export const codeSchema = formSchema<{ code: string }, TTwoFactorCodeRequest>(ZTwoFactorCodeRequest);
