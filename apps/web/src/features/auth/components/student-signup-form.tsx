import { MSG, makeStudentSignupSchema, STUDENT_DEPARTMENTS, type TStudentSignupRequest } from '@bit/contract';
import { useMemo } from 'react';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { MobileField, mobileText } from '../../../components/ui/mobile-field';
import { firstIssueMessage, formSchema, useSchemaForm } from '../../../lib/form';
import { usePublicConfig } from '../api/get-public-config';
import { useStudentSignup } from '../api/student-signup';
import { withConfirmation } from './auth-fields';
import { SignupCard } from './signup-card';

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

/** The fields in SPEC §5's order, which is also their order on the screen. */
const FIELDS = Object.keys(EMPTY);

/** SPEC §5's thirteen checks: 1-11 from the shared schema, then the confirmation the form adds. */
const studentSignupSchema = (domain: string) =>
  formSchema<TStudentSignupValues, TStudentSignupRequest>(withConfirmation(makeStudentSignupSchema(domain)));

/** The first failing check of SPEC §5's thirteen, in order, or the body to send. */
export function checkStudentSignup(
  values: TStudentSignupValues,
  domain: string,
): { ok: true; data: TStudentSignupRequest } | { ok: false; message: string } {
  const parsed = studentSignupSchema(domain).safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: firstIssueMessage(parsed.error.issues, FIELDS) ?? MSG.signupFailed };
}

export function StudentSignupForm() {
  const { studentEmailDomain } = usePublicConfig();
  const schema = useMemo(() => studentSignupSchema(studentEmailDomain), [studentEmailDomain]);
  const form = useSchemaForm(schema, { defaultValues: EMPTY });
  const signup = useStudentSignup();

  return (
    <SignupCard kind="student" form={form} signup={signup}>
      <TextField label="Roll number" required {...form.field('rollNo')} />
      <TextField
        label="College email"
        type="email"
        autoComplete="email"
        placeholder={`yourname@${studentEmailDomain}`}
        required
        {...form.field('email')}
      />
      <MobileField required {...form.filtered('mobile', mobileText)} />
      <TextField
        label="Academic session"
        placeholder="2023-27"
        hint="Format: YYYY-YY, for example 2023-27"
        required
        {...form.field('session')}
      />
      <SelectField
        label="Department"
        required
        {...form.field('department')}
        placeholder="Select your department"
        options={STUDENT_DEPARTMENTS}
      />
    </SignupCard>
  );
}
