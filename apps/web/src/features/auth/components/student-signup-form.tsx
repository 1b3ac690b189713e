import { MSG, makeStudentSignupSchema, STUDENT_DEPARTMENTS, type TStudentSignupRequest } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { studentSignupRequest, usePublicConfig } from '../api/auth-api';
import { digitsOnly } from './digits';

export type TStudentSignupValues = {
  name: string;
  rollNo: string;
  email: string;
  mobile: string;
  session: string;
  department: string;
  password: string;
  confirmPassword: string;
};

const EMPTY: TStudentSignupValues = {
  name: '',
  rollNo: '',
  email: '',
  mobile: '',
  session: '',
  department: '',
  password: '',
  confirmPassword: '',
};

/**
 * SPEC §5's thirteen checks in order: 1-11 from the shared schema (its first issue is the first rule
 * that fails), then 12 confirmation and 13 match, which only the client knows about.
 */
export function checkStudentSignup(
  values: TStudentSignupValues,
  domain: string,
): { ok: true; data: TStudentSignupRequest } | { ok: false; message: string } {
  const { confirmPassword, ...body } = values;
  const parsed = makeStudentSignupSchema(domain).safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MSG.signupFailed };
  if (!confirmPassword) return { ok: false, message: MSG.confirmRequired };
  if (confirmPassword !== values.password) return { ok: false, message: MSG.passwordsMismatch };
  return { ok: true, data: parsed.data };
}

export function StudentSignupForm() {
  useDocumentTitle('Student Signup');
  const navigate = useNavigate();
  const { studentEmailDomain } = usePublicConfig();
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof TStudentSignupValues) => (value: string) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkStudentSignup(values, studentEmailDomain);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    setSubmitting(true);
    try {
      const res = await studentSignupRequest(check.data);
      if (res?.message) toast.success(res.message);
      navigate(paths.verifyEmail, { state: { email: check.data.email, role: 'student' } });
    } catch (error) {
      toast.error(errorMessage(error, MSG.signupFailed));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Student Signup"
      subtitle="Create your account to file and track complaints."
      footer={
        <p>
          Already registered?{' '}
          <Link to={paths.studentLogin} className={textLinkClass}>
            Student login
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
        />
        <TextField
          label="Roll number"
          name="rollNo"
          required
          value={values.rollNo}
          onChange={(e) => set('rollNo')(e.target.value)}
        />
        <TextField
          label="College email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={`yourname@${studentEmailDomain}`}
          required
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
        <TextField
          label="Mobile number"
          type="tel"
          name="mobile"
          autoComplete="tel-national"
          inputMode="numeric"
          maxLength={10}
          hint="10 digits"
          required
          value={values.mobile}
          onChange={(e) => set('mobile')(digitsOnly(e.target.value, 10))}
        />
        <TextField
          label="Academic session"
          name="session"
          placeholder="2023-27"
          hint="Format: YYYY-YY, for example 2023-27"
          required
          value={values.session}
          onChange={(e) => set('session')(e.target.value)}
        />
        <SelectField
          label="Department"
          name="department"
          required
          value={values.department}
          onChange={(e) => set('department')(e.target.value)}
        >
          <option value="">Select your department</option>
          {STUDENT_DEPARTMENTS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          required
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Signing up…' : 'Sign up'}
        </Button>
      </form>
    </AuthCard>
  );
}
