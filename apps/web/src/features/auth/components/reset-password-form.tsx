import { MSG, ROLES, type TRole, ZResetPasswordRequest } from '@bit/contract';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button, SubmitButton } from '../../../components/ui/button';
import { loginPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useResetPassword } from '../api/reset-password';
import { CodeField, digitsOnly, NewPasswordFields, withConfirmation } from './auth-fields';

type TResetState = { email?: unknown; role?: unknown } | null;

type TValues = { otp: string; newPassword: string; confirmPassword: string };

const schema = formSchema<TValues, { otp: string; newPassword: string }>(
  withConfirmation(ZResetPasswordRequest.pick({ otp: true, newPassword: true }), 'newPassword'),
);

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
  const reset = useResetPassword();
  const form = useSchemaForm(schema, { defaultValues: { otp: '', newPassword: '', confirmPassword: '' } });

  const onValid = ({ otp, newPassword }: { otp: string; newPassword: string }) =>
    reset.mutate(
      { email, otp, newPassword, role },
      {
        onSuccess: (res) => {
          if (res?.message) toast.success(res.message);
          navigate(loginPath[role], { replace: true });
        },
        onError: form.refused(() => MSG.resetFailed),
      },
    );

  return (
    <AuthCard title="Reset Password" subtitle={`Enter the code sent to ${email} and choose a new password.`}>
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="space-y-4" noValidate>
        <CodeField required {...form.filtered('otp', digitsOnly(6))} />
        <NewPasswordFields
          labels={['New password', 'Confirm new password']}
          password={{ required: true, ...form.field('newPassword') }}
          confirmation={{ required: true, ...form.field('confirmPassword') }}
        />
        <SubmitButton className="w-full" pending={reset.isPending} pendingText="Resetting…">
          Reset password
        </SubmitButton>
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
