import {
  MSG_PUSH_WEB,
  type TNewComplaintPreference,
  type TPreferences,
  type TPreferencesRequest,
} from '@bit/contract';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Card } from '../../../components/ui/card';
import { Checkbox, labelClass, RadioGroup } from '../../../components/ui/form-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { TwoStepCard } from './two-step-card';

const LOAD_FAILED = 'Failed to fetch your settings';
const SAVE_FAILED = 'Failed to save your settings';
const SAVED = 'Settings saved';

export const HEAR_HEADING = 'How you hear of complaints';
export const NEW_COMPLAINTS_LEGEND = 'New complaints in your scope';
export const WAYS_LEGEND = 'Which ways';

const CHOICES: ReadonlyArray<{ value: TNewComplaintPreference; label: string }> = [
  { value: 'each', label: 'Each new complaint, as it is filed' },
  { value: 'digest', label: 'A daily digest at 08:00' },
  { value: 'off', label: 'Off' },
];

/**
 * How the two choices combine, in one sentence each (issue 51 row 13): "new complaints" says how
 * often, the ways say by which channels, and the ways carry every other notice too (CONTRACT 5.1, 6.3).
 */
export function howTheyCombine(p: TPreferences): string[] {
  const ways = [
    p.email !== false && 'by email',
    p.push !== false && 'as alerts on the devices where you turned them on',
  ]
    .filter(Boolean)
    .join(' and ');
  const often = p.newComplaints ?? 'each';
  if (!ways)
    return [
      'Email and alerts are both off: you hear of nothing outside the app. New complaints and students’ messages are on your dashboard.',
    ];
  return [
    often === 'off'
      ? 'You are not told of new complaints: they are on your dashboard.'
      : often === 'digest'
        ? `You get one list of the last day’s new complaints at 08:00 (none on a day without any), ${ways}.`
        : `You hear of each new complaint as it is filed, ${ways}.`,
    `Students’ messages and reopened complaints reach you ${ways}.`,
  ];
}

/**
 * /authority-settings: one card for how an authority hears of complaints (how often of new ones,
 * CONTRACT 5.1; by which ways, CONTRACT 6.3), each choice saved as it is made, with what they add up
 * to; and whether their sign-in asks for a code (CONTRACT 6.5: set up or turned off on /two-step-sign-in).
 */
export function AuthoritySettings({ twoFactor = false }: { twoFactor?: boolean }) {
  useDocumentTitle('Settings');
  const query = usePreferences();
  useErrorToast(query.error, (error) => errorMessage(error, LOAD_FAILED));

  return (
    <section className="mx-auto w-full max-w-2xl px-4 pt-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.authoritySettings}</h1>
      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">{HEAR_HEADING}</h2>
        <QueryState query={query} errorText={errorMessage(query.error, LOAD_FAILED)} className="mt-4">
          {(saved) => <HearingChoices saved={saved} />}
        </QueryState>
      </Card>
      <TwoStepCard forRole="authority" on={twoFactor} />
    </section>
  );
}

/**
 * The three choices, each saved as it is made: a choice shows at once (a draft over what the server
 * holds) and goes back to the saved value if saving fails.
 */
function HearingChoices({ saved }: { saved: TPreferences }) {
  const update = useUpdatePreferences();
  const [draft, setDraft] = useState<TPreferencesRequest>({});
  const shown: TPreferences = { ...saved, ...draft };
  // a choice leaves the draft once the server holds it (the saved read is the mutation's answer), or
  // when saving it failed: never a frame in between where the old value shows again
  useEffect(() => {
    setDraft((d) => {
      const rest = { ...d };
      for (const key of Object.keys(d) as Array<keyof TPreferencesRequest>)
        if (saved[key] === d[key]) delete rest[key];
      return Object.keys(rest).length === Object.keys(d).length ? d : rest;
    });
  }, [saved]);
  const save = (change: TPreferencesRequest) => {
    setDraft((d) => ({ ...d, ...change }));
    update.mutate(change, {
      onSuccess: () => toast.success(SAVED),
      onError: (error) => {
        toast.error(errorMessage(error, SAVE_FAILED));
        setDraft((d) => {
          const rest = { ...d };
          for (const key of Object.keys(change) as Array<keyof TPreferencesRequest>) delete rest[key];
          return rest;
        });
      },
    });
  };

  return (
    <div className="mt-2 space-y-4">
      <RadioGroup
        legend={NEW_COMPLAINTS_LEGEND}
        name="newComplaints"
        options={CHOICES}
        value={shown.newComplaints ?? 'each'}
        onChange={(e) => save({ newComplaints: e.currentTarget.value as TNewComplaintPreference })}
      />
      <fieldset>
        <legend className={labelClass}>{WAYS_LEGEND}</legend>
        <Checkbox
          label={MSG_PUSH_WEB.email}
          checked={shown.email !== false}
          onChange={(e) => save({ email: e.currentTarget.checked })}
        />
        <Checkbox
          label={MSG_PUSH_WEB.push}
          checked={shown.push !== false}
          onChange={(e) => save({ push: e.currentTarget.checked })}
        />
      </fieldset>
      <div role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        {howTheyCombine(shown).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}
