import { type TPostMessageRequest, ZPostMessageRequest } from '@bit/contract';
import { formSchema } from '../../../lib/form';

/**
 * Loaded by the message box on its first use (lib/form.ts): the box shows with the complaint, and
 * building zod there would cost the page's first seconds on a phone for a message most visits never write.
 */
export const messageSchema = formSchema<{ body: string }, TPostMessageRequest>(ZPostMessageRequest);
