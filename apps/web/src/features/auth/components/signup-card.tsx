import { MSG, type TMessageResponse } from '@bit/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BaseSyntheticEvent, ComponentProps, ReactNode, Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { loginPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import type { TSignupRole } from '../api/verify-email';
import { NewPasswordFields } from './auth-fields';

type TControl = Omit<ComponentProps<typeof TextField>, 'label'>;

const ROLE_NAMES: Record<TSignupRole, string> = { student: 'Student', authority: 'Authority' };
const SUBTITLES: Record<TSignupRole, string> = {
  student: 'Create your account to file and track complaints.',
  authority: 'For hostel clerks, wardens, network department and other staff.',
};

type TRefused = (message: (error: unknown) => string) => (error: unknown) => void;

/**
 * What both signups are: the card, the full name first, the role's own fields, the new password and
 * its confirmation last, and Sign up, which sends the signup and then opens the code screen.
 */
export function SignupCard<TBody extends { email: string }>({
  kind: role,
  form,
  signup,
  children,
}: {
  kind: TSignupRole;
  form: {
    ref: Ref<HTMLFormElement>;
    field: (name: 'name' | 'password' | 'confirmPassword') => TControl;
    submit: (onValid: (body: TBody) => void) => (event?: BaseSyntheticEvent) => Promise<unknown>;
    refused: TRefused;
  };
  signup: UseMutationResult<TMessageResponse, Error, TBody>;
  children: ReactNode;
}) {
  const title = `${ROLE_NAMES[role]} Signup`;
  useDocumentTitle(title);
  const onValid = useSignupSubmit(role, signup, form.refused);
  return (
    <AuthCard
      title={title}
      subtitle={SUBTITLES[role]}
      footer={
        <p>
          Already registered?{' '}
          <Link to={loginPath[role]} className={textLinkClass}>
            {ROLE_NAMES[role]} login
          </Link>
        </p>
      }
    >
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="space-y-4" noValidate>
        <TextField label="Full name" autoComplete="name" required {...form.field('name')} />
        {children}
        <NewPasswordFields
          password={{ required: true, ...form.field('password') }}
          confirmation={{ required: true, ...form.field('confirmPassword') }}
        />
        <SubmitButton className="w-full" pending={signup.isPending} pendingText="Signing up…">
          Sign up
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** Sends a signup; the code screen follows, for the address that signed up (SPEC §4). */
function useSignupSubmit<TBody extends { email: string }>(
  role: TSignupRole,
  signup: UseMutationResult<TMessageResponse, Error, TBody>,
  refused: TRefused,
) {
  const navigate = useNavigate();
  return (body: TBody) =>
    signup.mutate(body, {
      onSuccess: (res) => {
        if (res?.message) toast.success(res.message);
        navigate(paths.verifyEmail, { state: { email: body.email, role } });
      },
      onError: refused((error) => errorMessage(error, MSG.signupFailed)),
    });
}
