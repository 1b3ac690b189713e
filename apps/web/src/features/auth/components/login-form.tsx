import { MSG, type TRole } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { Checkbox, TextField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { loginRequest } from '../api/auth-api';
import { useAuth } from './auth-provider';
import { useRedirectAfterLogin } from './redirect-after-login';

const TITLES: Record<TRole, string> = {
  student: 'Student Login',
  authority: 'Authority Login',
  admin: 'Admin Login',
};

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const body = role === 'student' && remember ? { email, password, remember: true } : { email, password };
      const { token, user } = await loginRequest(role, body);
      if (role === 'admin' && user.role !== 'admin') {
        toast.error(MSG.notAdmin);
        return;
      }
      signIn(token, user, role);
      toast.success(MSG.loginSuccess);
      redirectAfterLogin(role);
    } catch (error) {
      toast.error(role === 'student' ? studentLoginError(error) : MSG.loginFailedCredentials);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title={title}
      footer={
        <>
          {role === 'student' && (
            <>
              <p>
                New here?{' '}
                <Link to={paths.studentSignup} className={textLinkClass}>
                  Create a student account
                </Link>
              </p>
              <p>
                Staff member?{' '}
                <Link to={paths.authorityLogin} className={textLinkClass}>
                  Authority login
                </Link>
              </p>
            </>
          )}
          {role === 'authority' && (
            <p>
              New authority?{' '}
              <Link to={paths.authoritySignup} className={textLinkClass}>
                Create an authority account
              </Link>
            </p>
          )}
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {role === 'student' ? (
            <Checkbox
              label="Remember me"
              name="remember"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
          ) : (
            <span />
          )}
          <Link to={`${paths.forgotPassword}?role=${role}`} className={`${textLinkClass} text-sm`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Logging in…' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
