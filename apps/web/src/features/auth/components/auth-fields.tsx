import { MSG } from '@bit/contract';
import type { ComponentProps } from 'react';
import { z } from 'zod';
import { TextField } from '../../../components/ui/form-field';

type TTextFieldProps = ComponentProps<typeof TextField>;

/** Keeps only digits, at most `max` of them (one-time codes). */
export const digitsOnly = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

/** A field of digits only, with what each one fixes; give it `form.filtered(name, digitsOnly(n))`. */
const digitsField =
  (fixed: Partial<TTextFieldProps> & { label: string }) => (props: Omit<TTextFieldProps, 'label'>) => (
    <TextField inputMode="numeric" {...fixed} {...props} />
  );

/** The mailed six-digit code of verify-email and reset-password. */
export const CodeField = digitsField({
  label: 'Verification code',
  autoComplete: 'one-time-code',
  maxLength: 6,
});

/** A new password and its confirmation, as every form that sets one asks for them. */
export function NewPasswordFields({
  password,
  confirmation,
  labels = ['Password', 'Confirm password'],
}: {
  password: Omit<TTextFieldProps, 'label'>;
  confirmation: Omit<TTextFieldProps, 'label'>;
  labels?: [string, string];
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters"
        {...password}
      />
      <TextField label={labels[1]} type="password" autoComplete="new-password" {...confirmation} />
    </>
  );
}

/**
 * A contract schema plus the confirmation only the form asks for: given (SPEC §5, 12) and equal to
 * the password (13). The request goes without it.
 */
export function withConfirmation<S extends z.ZodType>(schema: S, password = 'password') {
  const body = z.preprocess((values) => {
    const { confirmPassword: _, ...rest } = values as Record<string, unknown>;
    return rest;
  }, schema);
  const confirmation = z.object({ confirmPassword: z.string().min(1, MSG.confirmRequired) });
  return z
    .intersection(body, confirmation)
    .refine((v) => (v as Record<string, unknown>)[password] === v.confirmPassword, {
      message: MSG.passwordsMismatch,
      path: ['confirmPassword'],
    })
    .transform(({ confirmPassword: _, ...rest }) => rest as z.output<S>);
}
