import { MSG, ZVerifyEmailRequest } from '@bit/contract';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { SubmitButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useResendOtp } from '../api/resend-otp';
import { type TSignupRole, useVerifyEmail } from '../api/verify-email';
import { CodeField, digitsOnly } from './auth-fields';
import { useAuth } from './auth-provider';
import { useRedirectAfterLogin } from './redirect-after-login';

type TVerifyState = { email?: unknown; role?: unknown } | null;

const schema = formSchema<{ otp: string }, { otp: string }>(ZVerifyEmailRequest.pick({ otp: true }));

export function VerifyEmailForm() {
  useDocumentTitle('Verify Email');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = location.state as TVerifyState;
  const email = typeof state?.email === 'string' ? state.email : '';
  const role: TSignupRole | null =
    state?.role === 'student' || state?.role === 'authority' ? state.role : null;

  if (!email || !role) {
    const signup = searchParams.get('role') === 'authority' ? paths.authoritySignup : paths.studentSignup;
    return <Navigate to={signup} replace />;
  }
  return <VerifyEmail email={email} role={role} />;
}

function VerifyEmail({ email, role }: { email: string; role: TSignupRole }) {
  const redirectAfterLogin = useRedirectAfterLogin();
  const { signIn } = useAuth();
  const verify = useVerifyEmail();
  const resend = useResendOtp();
  const form = useSchemaForm(schema, { defaultValues: { otp: '' } });

  const onValid = ({ otp }: { otp: string }) =>
    verify.mutate(
      { role, body: { email, otp } },
      {
        onSuccess: (res) => {
          signIn(res.token, res.user, role);
          if (res.message) toast.success(res.message);
          // the screen a protected page kept (signed up from a QR sticker's form), else the dashboard
          redirectAfterLogin(role);
        },
        onError: form.refused((error) => errorMessage(error, MSG.verifyFailed)),
      },
    );

  const onResend = () =>
    resend.mutate(
      { role, email },
      {
        onSuccess: () => toast.success(MSG.otpResent),
        onError: (error) => toast.error(errorMessage(error, MSG.resendFailed)),
      },
    );

  return (
    <AuthCard title="Verify your email" subtitle={`We sent a 6-digit code to ${email}.`}>
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="space-y-4" noValidate>
        <CodeField placeholder="123456" required {...form.filtered('otp', digitsOnly(6))} />
        <SubmitButton className="w-full" pending={verify.isPending} pendingText="Verifying…">
          Verify email
        </SubmitButton>
      </form>
      {/* a secondary action, apart from the form and below it, so it never reads as a second field's
          button beside "6-digit code" (issue 51 row 24); its words are SPEC's */}
      <p className="mt-4 flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
        No code, or it expired?
        <button
          type="button"
          onClick={onResend}
          disabled={resend.isPending}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 disabled:opacity-60"
        >
          Resend OTP
        </button>
      </p>
    </AuthCard>
  );
}
