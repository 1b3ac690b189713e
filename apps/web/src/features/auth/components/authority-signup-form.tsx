import {
  DESIGNATIONS,
  HOSTEL_DESIGNATIONS,
  HOSTEL_NUMBERS,
  MSG,
  PASSWORD_MIN,
  type TDesignation,
  ZAuthoritySignupRequest,
} from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { authoritySignupRequest } from '../api/auth-api';
import { digitsOnly } from './digits';

type TValues = {
  name: string;
  email: string;
  mobile: string;
  designation: TDesignation | '';
  department: string;
  hostelNo: string;
  password: string;
  confirmPassword: string;
};

const EMPTY: TValues = {
  name: '',
  email: '',
  mobile: '',
  designation: '',
  department: '',
  hostelNo: '',
  password: '',
  confirmPassword: '',
};

const needsHostel = (d: TValues['designation']) => d !== '' && HOSTEL_DESIGNATIONS.includes(d);

export function AuthoritySignupForm() {
  useDocumentTitle('Authority Signup');
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof TValues>(key: K, value: TValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  function onDesignation(designation: TValues['designation']) {
    setValues((prev) => ({
      ...prev,
      designation,
      // SPEC §4: choosing Network Department clears the hostel number; its department is Network.
      hostelNo: needsHostel(designation) ? prev.hostelNo : '',
      department:
        designation === 'Network Department'
          ? 'Network'
          : prev.department === 'Network'
            ? ''
            : prev.department,
    }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.password !== values.confirmPassword) {
      toast.error(MSG.passwordsMismatch);
      return;
    }
    if (values.password.length < PASSWORD_MIN) {
      toast.error(MSG.passwordShort);
      return;
    }
    if (needsHostel(values.designation) && !values.hostelNo) {
      toast.error(MSG.hostelRequired);
      return;
    }
    const parsed = ZAuthoritySignupRequest.safeParse({
      name: values.name,
      email: values.email,
      mobile: values.mobile,
      designation: values.designation,
      department: values.designation === 'Network Department' ? 'Network' : values.department.trim() || null,
      hostelNo: needsHostel(values.designation) ? Number(values.hostelNo) : null,
      password: values.password,
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MSG.signupFailed);
      return;
    }
    setSubmitting(true);
    try {
      const res = await authoritySignupRequest(parsed.data);
      if (res?.message) toast.success(res.message);
      navigate(paths.verifyEmail, { state: { email: parsed.data.email, role: 'authority' } });
    } catch (error) {
      toast.error(errorMessage(error, MSG.signupFailed));
    } finally {
      setSubmitting(false);
    }
  }

  const isNetwork = values.designation === 'Network Department';

  return (
    <AuthCard
      title="Authority Signup"
      subtitle="For hostel clerks, wardens, network department and other staff."
      footer={
        <p>
          Already registered?{' '}
          <Link to={paths.authorityLogin} className={textLinkClass}>
            Authority login
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
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
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
          onChange={(e) => set('mobile', digitsOnly(e.target.value, 10))}
        />
        <SelectField
          label="Designation"
          name="designation"
          required
          value={values.designation}
          onChange={(e) => onDesignation(e.target.value as TValues['designation'])}
        >
          <option value="">Select your designation</option>
          {DESIGNATIONS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        {!isNetwork && (
          <TextField
            label="Department"
            name="department"
            value={values.department}
            onChange={(e) => set('department', e.target.value)}
          />
        )}
        {needsHostel(values.designation) && (
          <SelectField
            label="Hostel number"
            name="hostelNo"
            required
            value={values.hostelNo}
            onChange={(e) => set('hostelNo', e.target.value)}
          >
            <option value="">Select hostel</option>
            {HOSTEL_NUMBERS.map((n) => (
              <option key={n} value={String(n)}>
                Hostel {n}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          required
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Signing up…' : 'Sign up'}
        </Button>
      </form>
    </AuthCard>
  );
}
