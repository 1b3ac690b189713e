import {
  GRIEVANCE_OUTCOMES,
  GRIEVANCE_TEXT,
  MSG_GRIEVANCE,
  type TDecisionRequest,
  type TGrievanceWithHistory,
} from '@bit/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button, SubmitButton } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { useAppealGrievance } from '../api/appeal-grievance';
import { useDecideAppeal } from '../api/decide-appeal';
import { useDecideGrievance } from '../api/decide-grievance';
import { useScheduleHearing } from '../api/schedule-hearing';
import { useSetRepresentative } from '../api/set-representative';
import { useWithdrawGrievance } from '../api/withdraw-grievance';
import { localOfInstant } from './hearing-time';

const loadHearing = () => import('./grievance-schemas').then((m) => m.hearingSchema);
const loadRepresentative = () => import('./grievance-schemas').then((m) => m.representativeSchema);
const loadDecision = () => import('./grievance-schemas').then((m) => m.decisionSchema);
const loadAppeal = () => import('./grievance-schemas').then((m) => m.appealSchema);

const STEP_FAILED = 'Could not save this step';
export const WITHDRAW_CONFIRM = 'Withdraw this grievance?';
export const WITHDRAW_MEANS =
  'The committee stops hearing it, and it cannot be taken up again. You may submit a new grievance.';

type TGrievance = TGrievanceWithHistory;

/** The student withdraws before a decision, after saying yes in a dialog. */
export function WithdrawAction({ grievance }: { grievance: TGrievance }) {
  const withdraw = useWithdrawGrievance();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    withdraw.mutate(
      { id: grievance.id },
      {
        onSuccess: ({ message }) => {
          setAsking(false);
          toast.success(message || MSG_GRIEVANCE.withdrawn);
        },
        onError: (error) => {
          setAsking(false);
          toast.error(errorMessage(error, STEP_FAILED));
        },
      },
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Withdraw grievance
      </Button>
      <Modal
        open={asking}
        onClose={() => !withdraw.isPending && setAsking(false)}
        title={WITHDRAW_CONFIRM}
        description={WITHDRAW_MEANS}
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={withdraw.isPending} onClick={() => setAsking(false)}>
            Keep it
          </Button>
          <Button data-autofocus disabled={withdraw.isPending} onClick={confirm}>
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** Before the hearing, the student names who speaks for them (empty: no one). */
export function RepresentativeForm({ grievance }: { grievance: TGrievance }) {
  const save = useSetRepresentative();
  const form = useSchemaForm(loadRepresentative, {
    defaultValues: { name: grievance.hearing?.representative ?? '' },
  });
  return (
    <form
      ref={form.ref}
      noValidate
      aria-label="Representative"
      onSubmit={form.submit((body) =>
        save.mutate(
          { id: grievance.id, body },
          {
            onSuccess: ({ message }) => toast.success(message || MSG_GRIEVANCE.representativeSaved),
            onError: form.refused((error) => errorMessage(error, STEP_FAILED)),
          },
        ),
      )}
      className="space-y-3"
    >
      <TextField
        label="Who speaks for you at the hearing"
        hint="A name, or nothing to speak for yourself. You may change it until the hearing begins."
        maxLength={GRIEVANCE_TEXT.representativeMax}
        autoComplete="off"
        {...form.field('name')}
      />
      <SubmitButton pending={save.isPending} pendingText="Saving...">
        Save representative
      </SubmitButton>
    </form>
  );
}

/** Within 15 days of an SGRC decision, the student appeals to the Ombudsperson with a reason. */
export function AppealForm({ grievance }: { grievance: TGrievance }) {
  const appeal = useAppealGrievance();
  const form = useSchemaForm(loadAppeal, { defaultValues: { reason: '' } });
  return (
    <form
      ref={form.ref}
      noValidate
      aria-label="Appeal to the Ombudsperson"
      onSubmit={form.submit((body) =>
        appeal.mutate(
          { id: grievance.id, body },
          {
            onSuccess: ({ message }) => toast.success(message || MSG_GRIEVANCE.appealed),
            onError: form.refused((error) => errorMessage(error, STEP_FAILED)),
          },
        ),
      )}
      className="space-y-3"
    >
      <TextAreaField
        label="Why you appeal the decision"
        maxLength={GRIEVANCE_TEXT.reasonMax}
        rows={4}
        {...form.field('reason')}
      />
      <SubmitButton pending={appeal.isPending} pendingText="Appealing...">
        Appeal to the Ombudsperson
      </SubmitButton>
    </form>
  );
}

/** A committee member sets the hearing's day, time (on the institute's clock) and place, or moves it. */
export function HearingForm({ grievance }: { grievance: TGrievance }) {
  const schedule = useScheduleHearing();
  const form = useSchemaForm(loadHearing, {
    defaultValues: {
      at: grievance.hearing ? localOfInstant(grievance.hearing.at) : '',
      place: grievance.hearing?.place ?? '',
    },
  });
  const moving = grievance.hearing !== null;
  return (
    <form
      ref={form.ref}
      noValidate
      aria-label={moving ? 'Move the hearing' : 'Schedule the hearing'}
      onSubmit={form.submit((body) =>
        schedule.mutate(
          { id: grievance.id, body },
          {
            onSuccess: ({ message }) => toast.success(message || MSG_GRIEVANCE.hearingScheduled),
            onError: form.refused((error) => errorMessage(error, STEP_FAILED)),
          },
        ),
      )}
      className="grid gap-3 sm:grid-cols-2"
    >
      <TextField
        label="Hearing date and time"
        type="datetime-local"
        hint="On the institute’s clock. The student is told the day, time and place."
        {...form.field('at')}
      />
      <TextField
        label="Place"
        maxLength={GRIEVANCE_TEXT.placeMax}
        autoComplete="off"
        {...form.field('place')}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={schedule.isPending} pendingText="Saving...">
          {moving ? 'Move the hearing' : 'Schedule hearing'}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * A decision's outcome and text: the committee's (`appeal` false) or the Ombudsperson's on an appeal.
 * It asks first: a decision cannot be changed.
 */
export function DecisionForm({ grievance, appeal = false }: { grievance: TGrievance; appeal?: boolean }) {
  const decide = useDecideGrievance();
  const decideAppeal = useDecideAppeal();
  const running = appeal ? decideAppeal : decide;
  const form = useSchemaForm(loadDecision, { defaultValues: { outcome: '', text: '' } });
  const [asked, setAsked] = useState<TDecisionRequest | null>(null);
  const label = appeal ? 'Decide the appeal' : 'Record the decision';
  const confirm = () => {
    if (!asked) return;
    running.mutate(
      { id: grievance.id, body: asked },
      {
        onSuccess: ({ message }) => {
          setAsked(null);
          toast.success(message || (appeal ? MSG_GRIEVANCE.appealDecided : MSG_GRIEVANCE.decided));
        },
        onError: (error) => {
          setAsked(null);
          form.refused((e) => errorMessage(e, STEP_FAILED))(error);
        },
      },
    );
  };
  return (
    <form
      ref={form.ref}
      noValidate
      aria-label={label}
      onSubmit={form.submit((body) => setAsked(body))}
      className="space-y-3"
    >
      <SelectField
        label="Outcome"
        placeholder="Choose the outcome"
        options={GRIEVANCE_OUTCOMES}
        {...form.field('outcome')}
      />
      <TextAreaField
        label={appeal ? 'The decision on the appeal' : 'The decision'}
        maxLength={GRIEVANCE_TEXT.decisionMax}
        rows={5}
        {...form.field('text')}
      />
      <SubmitButton pending={running.isPending} pendingText="Saving...">
        {label}
      </SubmitButton>
      <Modal
        open={asked !== null}
        onClose={() => !running.isPending && setAsked(null)}
        title={`${label}: ${asked?.outcome ?? ''}?`}
        description={
          appeal
            ? 'The Ombudsperson’s decision is final. The student is told.'
            : grievance.committee === 'sgrc'
              ? 'A decision cannot be changed. The student is told, and may appeal it within 15 days.'
              : 'A decision cannot be changed. The student is told.'
        }
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={running.isPending} onClick={() => setAsked(null)}>
            Cancel
          </Button>
          <Button data-autofocus disabled={running.isPending} onClick={confirm}>
            {running.isPending ? 'Saving...' : 'Record it'}
          </Button>
        </div>
      </Modal>
    </form>
  );
}
