import {
  MSG_SECURITY,
  type TNewComplaintPreference,
  type TNewComplaintsPreference,
  type TPreferences,
  ZNewComplaintsPreference,
} from '@bit/contract';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { LinkButton, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioGroup } from '../../../components/ui/form-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

const LOAD_FAILED = 'Failed to fetch your settings';
const SAVE_FAILED = 'Failed to save your settings';
const SAVED = 'Settings saved';

const CHOICES: ReadonlyArray<{ value: TNewComplaintPreference; label: string }> = [
  { value: 'each', label: 'Each new complaint, as it is filed' },
  { value: 'digest', label: 'A daily digest at 08:00' },
  { value: 'off', label: 'Off' },
];

const schema = formSchema<TNewComplaintsPreference, TNewComplaintsPreference>(ZNewComplaintsPreference);

/**
 * /authority-settings: how an authority hears of new complaints in their scope (CONTRACT 5.1), and
 * whether their sign-in asks for a code (CONTRACT 6.5: set up or turned off on /two-step-sign-in).
 */
export function AuthoritySettings({ twoFactor = false }: { twoFactor?: boolean }) {
  useDocumentTitle('Settings');
  const query = usePreferences();
  useErrorToast(query.error, (error) => errorMessage(error, LOAD_FAILED));

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.authoritySettings}</h1>
      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">Email</h2>
        <p className="mt-1 text-sm text-slate-600">
          How you hear of complaints filed in your scope. The daily digest lists those of the last 24 hours,
          and none is sent when there are none.
        </p>
        <QueryState query={query} errorText={errorMessage(query.error, LOAD_FAILED)} className="mt-4">
          {(saved) => <PreferencesForm saved={saved} />}
        </QueryState>
      </Card>
      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">Two-step sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">{MSG_SECURITY.authorityChoice}</p>
        <p className="mt-3 text-sm font-medium text-slate-900">
          {twoFactor ? MSG_SECURITY.twoFactorOn : MSG_SECURITY.twoFactorOff}
        </p>
        <LinkButton to={paths.twoStepSignIn} variant="secondary" className="mt-4">
          {twoFactor ? 'Manage two-step sign-in' : 'Set up two-step sign-in'}
        </LinkButton>
      </Card>
    </section>
  );
}

/** Mounted once the saved preferences are read, so the form starts from them. */
function PreferencesForm({ saved }: { saved: TPreferences }) {
  const form = useSchemaForm(schema, { defaultValues: { newComplaints: saved.newComplaints ?? 'each' } });
  const update = useUpdatePreferences();

  // only this form's choice: the channels are saved by their own switches (ChannelSettings)
  const onValid = (body: TNewComplaintsPreference) =>
    update.mutate(
      { newComplaints: body.newComplaints },
      {
        onSuccess: (now) => {
          form.reset({ newComplaints: now.newComplaints ?? body.newComplaints });
          toast.success(SAVED);
        },
        onError: form.refused((error) => errorMessage(error, SAVE_FAILED)),
      },
    );

  return (
    <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="mt-4 space-y-4">
      <RadioGroup legend="New complaints by email" options={CHOICES} {...form.field('newComplaints')} />
      <SubmitButton pending={update.isPending} pendingText="Saving...">
        Save
      </SubmitButton>
    </form>
  );
}
