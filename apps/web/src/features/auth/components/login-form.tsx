import { MSG, type TLoginRequest, type TRole, ZLoginRequest } from '@bit/contract';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { SubmitButton } from '../../../components/ui/button';
import { Checkbox, TextField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useLogin } from '../api/login';
import { useAuth } from './auth-provider';
import { useRedirectAfterLogin } from './redirect-after-login';

const TITLES: Record<TRole, string> = {
  student: 'Student Login',
  authority: 'Authority Login',
  admin: 'Admin Login',
};

/** Where each login screen sends a visitor who is not signed up yet, or at the wrong screen. */
const FOOTER_LINKS: Record<TRole, Array<{ question: string; to: string; text: string }>> = {
  student: [
    { question: 'New here?', to: paths.studentSignup, text: 'Create a student account' },
    { question: 'Staff member?', to: paths.authorityLogin, text: 'Authority login' },
  ],
  authority: [{ question: 'New authority?', to: paths.authoritySignup, text: 'Create an authority account' }],
  admin: [],
};

type TValues = { email: string; password: string; remember: boolean };

const schema = formSchema<TValues, TLoginRequest>(ZLoginRequest);

/** SPEC §8: the student login's own texts for the two server answers it knows. */
function studentLoginError(error: unknown): string {
  const message = error instanceof ApiError ? error.serverMessage : null;
  if (message === MSG.userNotFound) return MSG.userNotFoundClient;
  if (message === MSG.incorrectPassword) return MSG.incorrectPasswordClient;
  return message || MSG.loginFailed;
}

/** One login screen per kind of sign-in: student, authority or admin. */
export function LoginForm({ kind: role }: { kind: TRole }) {
  const title = TITLES[role];
  useDocumentTitle(title);
  const { signIn } = useAuth();
  const redirectAfterLogin = useRedirectAfterLogin();
  const login = useLogin();
  const form = useSchemaForm(schema, {
    defaultValues: { email: '', password: '', remember: false },
    // SPEC §8: the student screen says what is wrong, the others only that the login failed
    invalidToast: (message) => (role === 'student' ? message : MSG.loginFailedCredentials),
  });

  const onValid = ({ email, password, remember }: TLoginRequest) =>
    login.mutate(
      {
        role,
        body: role === 'student' && remember ? { email, password, remember: true } : { email, password },
      },
      {
        onSuccess: ({ token, user }) => {
          if (role === 'admin' && user.role !== 'admin') {
            toast.error(MSG.notAdmin);
            return;
          }
          signIn(token, user, role);
          toast.success(MSG.loginSuccess);
          redirectAfterLogin(role);
        },
        onError: form.refused((error) =>
          role === 'student' ? studentLoginError(error) : MSG.loginFailedCredentials,
        ),
      },
    );

  return (
    <AuthCard
      title={title}
      footer={FOOTER_LINKS[role].map(({ question, to, text }) => (
        <p key={to}>
          {question}{' '}
          <Link to={to} className={textLinkClass}>
            {text}
          </Link>
        </p>
      ))}
    >
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="space-y-4" noValidate>
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {role === 'student' ? (
            <Checkbox label="Remember me" {...form.register('remember')} checked={form.values.remember} />
          ) : (
            <span />
          )}
          <Link to={`${paths.forgotPassword}?role=${role}`} className={`${textLinkClass} text-sm`}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton className="w-full" pending={login.isPending} pendingText="Logging in…">
          Login
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
