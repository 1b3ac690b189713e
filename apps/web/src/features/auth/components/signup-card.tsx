import { MSG, type TMessageResponse } from '@bit/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  type BaseSyntheticEvent,
  type ComponentProps,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { buttonClass, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { loginPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError, errorMessage } from '../../../lib/api-client';
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
  // the server's "Email already registered" (or the roll number's): the way to log in or reset
  const [taken, setTaken] = useState<string | null>(null);
  const onValid = useSignupSubmit(role, signup, form.refused, setTaken);
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
      {taken && <AlreadyRegistered key={taken} role={role} message={taken} />}
    </AuthCard>
  );
}

const isTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.serverMessage === MSG.emailTaken || error.serverMessage === MSG.rollTaken);

/**
 * The way forward from "Email already registered" (issue 33 row 20: it was a dead end): log in, or
 * reset the password of that account. Focus lands on it, as on the login's "Enter the code".
 */
function AlreadyRegistered({ role, message }: { role: TSignupRole; message: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section aria-label="Already registered" className="mt-4 rounded-lg bg-status-pending-bg p-4 text-sm">
      <p className="font-medium text-slate-900">{message}</p>
      <p className="mt-1 text-slate-700">
        If it is yours, log in, or reset its password if you have forgotten it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link ref={ref} to={loginPath[role]} className={buttonClass('primary')}>
          Log in
        </Link>
        <Link to={`${paths.forgotPassword}?role=${role}`} className={buttonClass('secondary')}>
          Reset password
        </Link>
      </div>
    </section>
  );
}

/** Sends a signup; the code screen follows, for the address that signed up (SPEC §4). */
function useSignupSubmit<TBody extends { email: string }>(
  role: TSignupRole,
  signup: UseMutationResult<TMessageResponse, Error, TBody>,
  refused: TRefused,
  setTaken: (message: string | null) => void,
) {
  const navigate = useNavigate();
  // where a protected screen was sending the visitor (a QR sticker's filing form): verified, they go on there
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const onRefused = refused((error) => errorMessage(error, MSG.signupFailed));
  return (body: TBody) =>
    signup.mutate(body, {
      onSuccess: (res) => {
        if (res?.message) toast.success(res.message);
        navigate(paths.verifyEmail, { state: { email: body.email, role, ...(from ? { from } : {}) } });
      },
      onError: (error) => {
        setTaken(isTaken(error) ? error.serverMessage : null);
        onRefused(error);
      },
    });
}
