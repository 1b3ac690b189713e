import { MSG } from '@bit/contract';
import { z } from 'zod';

/**
 * SPEC §5: the token, trimmed, must not be empty; the server judges the rest. Loaded by the status
 * page's search on its first use (lib/form.ts), so the page shows its complaint without zod.
 */
export const searchSchema = z.object({ token: z.string().trim().min(1, MSG.tokenRequired) });
