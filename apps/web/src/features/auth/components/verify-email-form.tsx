import { MSG } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { dashboardPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { resendOtpRequest, type TSignupRole, verifyEmailRequest } from '../api/auth-api';
import { useAuth } from './auth-provider';
import { digitsOnly } from './digits';

type TVerifyState = { email?: unknown; role?: unknown } | null;

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
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [otp, setOtp] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (otp.length !== 6) {
      toast.error(MSG.otpRequired);
      return;
    }
    setSubmitting(true);
    try {
      const res = await verifyEmailRequest(role, { email, otp });
      signIn(res.token, res.user, role);
      if (res.message) toast.success(res.message);
      navigate(dashboardPath[role], { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.verifyFailed));
    } finally {
      setSubmitting(false);
    }
  }

  async function onResend() {
    setResending(true);
    try {
      await resendOtpRequest(role, email);
      toast.success(MSG.otpResent);
    } catch (error) {
      toast.error(errorMessage(error, MSG.resendFailed));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard title="Verify your email" subtitle={`We sent a 6-digit code to ${email}.`}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label="Verification code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          required
          value={otp}
          onChange={(e) => setOtp(digitsOnly(e.target.value, 6))}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Verifying…' : 'Verify email'}
        </Button>
        <Button variant="secondary" className="w-full" onClick={onResend} disabled={resending}>
          Resend OTP
        </Button>
      </form>
    </AuthCard>
  );
}
