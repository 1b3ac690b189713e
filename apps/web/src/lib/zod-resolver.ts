import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { config, type z } from 'zod';

// The CSP allows no eval, and zod's fast path compiles its parsers with `new Function`. public/zod-jitless.js
// says so before any module runs; said again here, where every form's parse starts, it also holds where that
// script is not loaded (the component tests).
config({ jitless: true });

/** The contract schema's checks as react-hook-form runs them; loaded by lib/form.ts when a form first needs it. */
export function schemaResolver<TValues extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TValues>,
): Resolver<TValues, unknown, TOut> {
  return zodResolver(schema) as unknown as Resolver<TValues, unknown, TOut>;
}
