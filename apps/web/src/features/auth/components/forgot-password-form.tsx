import { MSG, ROLES, type TRole } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { loginPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { forgotPasswordRequest } from '../api/auth-api';

const ROLE_LABELS: Record<TRole, string> = { student: 'Student', authority: 'Authority', admin: 'Admin' };

const isRole = (value: string | null): value is TRole => ROLES.includes(value as TRole);

export function ForgotPasswordForm() {
  useDocumentTitle('Forgot Password');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initialRole = searchParams.get('role');
  const [role, setRole] = useState<TRole>(isRole(initialRole) ? initialRole : 'student');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const res = await forgotPasswordRequest({ email: email.trim(), role });
      if (res?.message) toast.success(res.message);
      navigate(paths.resetPassword, { state: { email: email.trim(), role } });
    } catch {
      toast.error(MSG.forgotFailed);
    } finally {
      setSubmitting(false);
    }
  }

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
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">I am a</legend>
          <div className="flex flex-wrap gap-2">
            {ROLES.map((r) => (
              <label
                key={r}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="role"
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                  className="accent-brand-700"
                />
                <span className="text-sm">{ROLE_LABELS[r]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Sending…' : 'Send code'}
        </Button>
      </form>
    </AuthCard>
  );
}
