import { MSG, PASSWORD_MIN, ROLES, type TRole } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { loginPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { resetPasswordRequest } from '../api/auth-api';
import { digitsOnly } from './digits';

type TResetState = { email?: unknown; role?: unknown } | null;

export function ResetPasswordForm() {
  useDocumentTitle('Reset Password');
  const state = useLocation().state as TResetState;
  const email = typeof state?.email === 'string' ? state.email : '';
  const role = ROLES.find((r) => r === state?.role);
  if (!email || !role) return <Navigate to={paths.forgotPassword} replace />;
  return <ResetPassword email={email} role={role} />;
}

function ResetPassword({ email, role }: { email: string; role: TRole }) {
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (otp.length !== 6) {
      toast.error(MSG.otpRequired);
      return;
    }
    if (newPassword.length < PASSWORD_MIN) {
      toast.error(MSG.passwordShort);
      return;
    }
    if (newPassword !== confirmPassword) {
      toast.error(MSG.passwordsMismatch);
      return;
    }
    setSubmitting(true);
    try {
      const res = await resetPasswordRequest({ email, otp, newPassword, role });
      if (res?.message) toast.success(res.message);
      navigate(loginPath[role], { replace: true });
    } catch {
      toast.error(MSG.resetFailed);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Reset Password" subtitle={`Enter the code sent to ${email} and choose a new password.`}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label="Verification code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={otp}
          onChange={(e) => setOtp(digitsOnly(e.target.value, 6))}
        />
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint="At least 8 characters"
          required
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Resetting…' : 'Reset password'}
        </Button>
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => navigate(`${paths.forgotPassword}?role=${role}`)}
        >
          Resend OTP
        </Button>
      </form>
    </AuthCard>
  );
}
