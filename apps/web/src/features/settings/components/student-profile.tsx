import { MSG_PROFILE, ROOM_MAX, type TProfile, type TUser, ZProfileRequest } from '@bit/contract';
import { toast } from 'react-toastify';
import { SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { MobileField, mobileText } from '../../../components/ui/mobile-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { hostelOptions } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useUpdateProfile } from '../api/update-profile';

type TProfileValues = { mobile: string; hostelNo: string; roomNo: string };

const schema = formSchema<TProfileValues, TProfile>(ZProfileRequest);

const valuesOf = (user: TUser): TProfileValues => ({
  mobile: user.mobile ?? '',
  hostelNo: user.hostelNo === null ? '' : String(user.hostelNo),
  roomNo: user.roomNo ?? '',
});

/**
 * /profile (students): mobile number, and the hostel and room that the filing form and the notice
 * page start from (CONTRACT 5.8). `onSaved` gets the user as the server now holds it.
 */
export function StudentProfile({ user, onSaved }: { user: TUser; onSaved: (user: TUser) => void }) {
  useDocumentTitle('Profile');
  const form = useSchemaForm(schema, { defaultValues: valuesOf(user) });
  const update = useUpdateProfile();

  const onValid = (body: TProfile) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        onSaved(saved);
        toast.success(MSG_PROFILE.saved);
      },
      onError: form.refused((error) => errorMessage(error, MSG_PROFILE.saveFailed)),
    });

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.profile}</h1>
      <Card className="mt-6">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-600">Name</dt>
          <dd className="text-slate-900">{user.name}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{user.email}</dd>
          {user.rollNo && (
            <>
              <dt className="font-medium text-slate-600">Roll number</dt>
              <dd className="text-slate-900">{user.rollNo}</dd>
            </>
          )}
        </dl>
        <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="mt-6 space-y-4">
          <MobileField required {...form.filtered('mobile', mobileText)} />
          <p className="text-sm text-slate-600">
            Your hostel and room fill in the complaint form and the notices you see first.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Hostel number"
              placeholder="No hostel"
              options={hostelOptions}
              {...form.field('hostelNo')}
            />
            <TextField
              label="Room number"
              autoComplete="off"
              maxLength={ROOM_MAX}
              {...form.field('roomNo')}
            />
          </div>
          <SubmitButton pending={update.isPending} pendingText="Saving...">
            Save
          </SubmitButton>
        </form>
      </Card>
    </section>
  );
}
