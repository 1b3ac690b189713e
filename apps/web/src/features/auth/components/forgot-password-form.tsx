import { MSG, ROLES, type TForgotPasswordRequest, type TRole, ZForgotPasswordRequest } from '@bit/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { SubmitButton } from '../../../components/ui/button';
import { RadioGroup, TextField } from '../../../components/ui/form-field';
import { loginPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useForgotPassword } from '../api/forgot-password';

const ROLE_LABELS: Record<TRole, string> = { student: 'Student', authority: 'Authority', admin: 'Admin' };
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

const isRole = (value: string | null): value is TRole => ROLES.includes(value as TRole);

const schema = formSchema<{ email: string; role: TRole }, TForgotPasswordRequest>(ZForgotPasswordRequest);

export function ForgotPasswordForm() {
  useDocumentTitle('Forgot Password');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initialRole = searchParams.get('role');
  const forgot = useForgotPassword();
  const form = useSchemaForm(schema, {
    defaultValues: { email: '', role: isRole(initialRole) ? initialRole : 'student' },
    // SPEC §8's one text for this screen; the field says what is wrong
    invalidToast: () => MSG.forgotFailed,
  });
  const { role } = form.values;

  const onValid = (body: TForgotPasswordRequest) =>
    forgot.mutate(body, {
      onSuccess: (res) => {
        if (res?.message) toast.success(res.message);
        navigate(paths.resetPassword, { state: { email: body.email, role: body.role } });
      },
      onError: form.refused(() => MSG.forgotFailed),
    });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="We will email you a code to reset your password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={loginPath[role]} className={textLinkClass}>
            Back to {ROLE_LABELS[role].toLowerCase()} login
          </Link>
        </p>
      }
    >
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="space-y-4" noValidate>
        <RadioGroup legend="I am a" options={ROLE_OPTIONS} {...form.field('role')} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <SubmitButton className="w-full" pending={forgot.isPending} pendingText="Sending…">
          Send code
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
