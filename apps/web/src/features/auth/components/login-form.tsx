import { MSG, type TAuthResponse, type TLoginRequest, type TRole } from '@bit/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { Button, buttonClass, SubmitButton } from '../../../components/ui/button';
import { Checkbox, TextField } from '../../../components/ui/form-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useLogin } from '../api/login';
import { useResendOtp } from '../api/resend-otp';
import { useAuth } from './auth-provider';
import { useRedirectAfterLogin } from './redirect-after-login';
import { SignInReason } from './sign-in-reason';

const TITLES: Record<TRole, string> = {
  student: SHELL_HEADINGS.studentLogin,
  authority: SHELL_HEADINGS.authorityLogin,
  admin: SHELL_HEADINGS.adminLogin,
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

/**
 * After a failed login, the other logins: SPEC §8's "Login failed. Please check your credentials."
 * tells a student who came to the authority's screen nothing (issue 33 row 20), and the server
 * rightly says no more (it would tell who has an account). The student screen has its hint in the
 * footer at all times.
 */
const OTHER_LOGINS: Record<TRole, { lead: string; links: Array<{ to: string; text: string }> } | null> = {
  student: null,
  authority: {
    lead: 'A student? Students log in at',
    links: [{ to: paths.studentLogin, text: 'Student Login' }],
  },
  admin: {
    lead: 'Not an admin? Log in at',
    links: [
      { to: paths.studentLogin, text: 'Student Login' },
      { to: paths.authorityLogin, text: 'Authority Login' },
    ],
  },
};

/** The hint of OTHER_LOGINS under the form, once a login has failed. */
function OtherLogins({ role }: { role: TRole }) {
  const other = OTHER_LOGINS[role];
  if (!other) return null;
  return (
    <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
      {other.lead}{' '}
      {other.links.map((link, i) => (
        <span key={link.to}>
          {i > 0 && ' or '}
          <Link to={link.to} className={textLinkClass}>
            {link.text}
          </Link>
        </span>
      ))}
      .
    </p>
  );
}

const loadSchema = () => import('./login-schema').then((m) => m.loginSchema);

// The second step (CONTRACT 6.5) loads when an admin's or an authority's password is sent: a student
// never has it, and the student login stays as light as it was.
const loadStep = () => import('./two-factor-step');
const TwoFactorStep = lazyWithRetry(() => loadStep().then((m) => ({ default: m.TwoFactorStep })));

/** SPEC §8: the student login's own texts for the two server answers it knows. */
function studentLoginError(error: unknown): string {
  const message = error instanceof ApiError ? error.serverMessage : null;
  if (message === MSG.userNotFound) return MSG.userNotFoundClient;
  if (message === MSG.incorrectPassword) return MSG.incorrectPasswordClient;
  return message || MSG.loginFailed;
}

/** How long to wait, in words: "in about 15 minutes", "in 40 seconds". */
export function waitInWords(seconds: number | null): string {
  if (seconds === null) return 'later';
  if (seconds < 60) return `in ${Math.max(seconds, 1)} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in about a minute' : `in about ${minutes} minutes`;
}

export const RESET_NOW = 'reset your password to sign in now';

/**
 * A locked account (CONTRACT 6.5: 429 after 10 failed logins, with Retry-After): said under the form
 * for as long as it matters, with the wait and the way around it, a password reset, which lifts the
 * lock (issue 51 row 10: a five-second toast said only "try again later").
 */
function LockedOut({ role, message, seconds }: { role: TRole; message: string; seconds: number | null }) {
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border border-status-other/30 bg-status-other-bg p-3 text-sm text-status-other"
    >
      <p className="font-medium">{message}</p>
      <p className="mt-1">
        You can try again {waitInWords(seconds)}, or{' '}
        <Link to={`${paths.forgotPassword}?role=${role}`} className="font-semibold underline">
          {RESET_NOW}
        </Link>
        .
      </p>
    </div>
  );
}

/** The server's 403 for a student whose sign-up still waits for its code. */
const isUnverified = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === MSG.verifyFirst;

/**
 * The way forward from "Please verify your email first": the code screen for that email, or a new
 * code mailed and then the code screen. Focus lands on it, so it is not a dead end for anyone.
 */
function VerifyFirst({ email }: { email: string }) {
  const navigate = useNavigate();
  const resend = useResendOtp();
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const state = { email, role: 'student' };
  const onResend = () =>
    resend.mutate(
      { role: 'student', email },
      {
        onSuccess: () => {
          toast.success(MSG.otpResent);
          navigate(paths.verifyEmail, { state });
        },
        onError: (error) => toast.error(errorMessage(error, MSG.resendFailed)),
      },
    );
  return (
    <section aria-label="Verify your email" className="mt-4 rounded-lg bg-status-pending-bg p-4 text-sm">
      <p className="font-medium text-slate-900">{MSG.verifyFirst}</p>
      <p className="mt-1 text-slate-700">
        Enter the 6-digit code we mailed to <span className="break-all font-medium">{email}</span>, or get a
        new one.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link ref={ref} to={paths.verifyEmail} state={state} className={buttonClass('primary')}>
          Enter the code
        </Link>
        <Button variant="secondary" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending…' : 'Send a new code'}
        </Button>
      </div>
    </section>
  );
}

/**
 * One login screen per kind of sign-in: student, authority or admin. With two-step sign-in on, a
 * correct password answers a ticket, and the same card asks for the code (CONTRACT 6.5); focus moves
 * to the card's heading, which names the step, each time the step changes.
 */
export function LoginForm({ kind: role }: { kind: TRole }) {
  const title = TITLES[role];
  useDocumentTitle(title);
  // the ticket of a correct password, while the second step asks for the code
  const [ticket, setTicket] = useState<string | null>(null);
  // why the second step came back to the password (its ticket expired or burnt)
  const [expired, setExpired] = useState<string | null>(null);
  // back from the second step: focus on the heading, as the step's own took it (two-factor-step.tsx)
  const heading = useRef<HTMLHeadingElement>(null);
  const step = useRef(ticket);
  useEffect(() => {
    if (step.current === ticket) return;
    step.current = ticket;
    if (!ticket) heading.current?.focus();
  }, [ticket]);
  const { signIn } = useAuth();
  const redirectAfterLogin = useRedirectAfterLogin();
  // a visitor sent here by a protected screen (a QR sticker's filing form) who signs up instead comes back to it
  const kept = (useLocation().state as { from?: unknown } | null)?.from;
  const signupState = kept ? { from: kept } : undefined;
  const login = useLogin();
  const form = useSchemaForm(loadSchema, {
    defaultValues: { email: '', password: '', remember: false },
    // SPEC §8: the student screen says what is wrong, the others only that the login failed
    invalidToast: (message) => (role === 'student' ? message : MSG.loginFailedCredentials),
  });

  // the email of a student told to verify first, for the way forward under the form
  const [unverified, setUnverified] = useState<string | null>(null);
  // a refused login: the hint to the other logins under the form
  const [failed, setFailed] = useState(false);
  // a 429: the lock's message and its wait, under the form instead of a toast
  const [locked, setLocked] = useState<{ message: string; seconds: number | null } | null>(null);
  const refused = form.refused((error) =>
    role === 'student' ? studentLoginError(error) : MSG.loginFailedCredentials,
  );

  const onValid = ({ email, password, remember }: TLoginRequest) => {
    if (role !== 'student') void loadStep().catch(() => undefined);
    login.mutate(
      {
        role,
        body: role === 'student' && remember ? { email, password, remember: true } : { email, password },
      },
      {
        onSuccess: (answer) => {
          setExpired(null);
          setFailed(false);
          setLocked(null);
          if ('twoFactor' in answer) setTicket(answer.ticket);
          else finish(answer);
        },
        onError: (error) => {
          setExpired(null);
          setFailed(error instanceof ApiError && error.status === 401);
          setUnverified(role === 'student' && isUnverified(error) ? email : null);
          if (error instanceof ApiError && error.status === 429) {
            // one message: the inline one, which stays (issue 51 rows 10 and 16); a wrong password's
            // toast before it would only contradict it
            toast.dismiss();
            setLocked({ message: error.serverMessage || MSG.tooManyAttempts, seconds: error.retryAfter });
            return;
          }
          setLocked(null);
          refused(error);
        },
      },
    );
  };

  const finish = ({ token, user }: TAuthResponse) => {
    if (role === 'admin' && user.role !== 'admin') {
      setTicket(null);
      toast.error(MSG.notAdmin);
      return;
    }
    signIn(token, user, role);
    toast.success(MSG.loginSuccess);
    redirectAfterLogin(role);
  };

  const onExpired = (message: string) => {
    setTicket(null);
    setExpired(message);
    toast.error(message);
  };

  if (ticket) {
    return (
      <Suspense
        fallback={
          <AuthCard title={title}>
            <p role="status" className="text-slate-600">
              {MSG.loading}
            </p>
          </AuthCard>
        }
      >
        <TwoFactorStep
          ticket={ticket}
          onSignedIn={finish}
          onExpired={onExpired}
          onBack={() => setTicket(null)}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard
      title={title}
      headingRef={heading}
      footer={FOOTER_LINKS[role].map(({ question, to, text }) => (
        <p key={to}>
          {question}{' '}
          <Link
            to={to}
            state={to === paths.studentSignup ? signupState : undefined}
            className={textLinkClass}
          >
            {text}
          </Link>
        </p>
      ))}
    >
      <SignInReason className="mb-4" />
      {expired && (
        <p className="mb-4 rounded-lg bg-status-pending-bg p-3 text-sm text-slate-900">{expired}</p>
      )}
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
      {locked && <LockedOut role={role} message={locked.message} seconds={locked.seconds} />}
      {unverified && <VerifyFirst key={unverified} email={unverified} />}
      {failed && <OtherLogins role={role} />}
    </AuthCard>
  );
}
