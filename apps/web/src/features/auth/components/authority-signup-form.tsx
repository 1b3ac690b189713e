import { DESIGNATIONS, HOSTEL_DESIGNATIONS, type TDesignation, ZAuthoritySignupRequest } from '@bit/contract';
import type { ChangeEvent } from 'react';
import type { z } from 'zod';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { MobileField, mobileText } from '../../../components/ui/mobile-field';
import { hostelChoice } from '../../../config/options';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useAuthoritySignup } from '../api/authority-signup';
import { withConfirmation } from './auth-fields';
import { SignupCard } from './signup-card';

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

type TAuthoritySignupBody = z.output<typeof ZAuthoritySignupRequest>;

// The contract's schema sets the department and hostel from the designation (Network Department:
// department Network, no hostel) and asks a hostel clerk or warden for their hostel.
const schema = formSchema<TValues, TAuthoritySignupBody>(withConfirmation(ZAuthoritySignupRequest));

const needsHostel = (d: string) => HOSTEL_DESIGNATIONS.includes(d as TDesignation);

export function AuthoritySignupForm() {
  const form = useSchemaForm(schema, { defaultValues: EMPTY });
  const signup = useAuthoritySignup();

  // SPEC §4: choosing Network Department clears the hostel number; its department is Network.
  const onDesignation = (event: ChangeEvent<HTMLSelectElement>) => {
    const designation = event.target.value;
    if (!needsHostel(designation)) form.setValue('hostelNo', '');
    if (designation === 'Network Department') form.setValue('department', 'Network');
    else if (form.getValues('department') === 'Network') form.setValue('department', '');
  };

  const { designation } = form.values;
  return (
    <SignupCard kind="authority" form={form} signup={signup}>
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <MobileField required {...form.filtered('mobile', mobileText)} />
      <SelectField
        label="Designation"
        required
        {...form.field('designation', { onChange: onDesignation })}
        placeholder="Select your designation"
        options={DESIGNATIONS}
      />
      {designation !== 'Network Department' && <TextField label="Department" {...form.field('department')} />}
      {needsHostel(designation) && <SelectField {...hostelChoice} required {...form.field('hostelNo')} />}
    </SignupCard>
  );
}
