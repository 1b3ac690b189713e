import {
  COMMITTEE_NAMES,
  COMPLAINT_NOT_RESOLVED,
  committeeOfCategory,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_LIMITS,
  GRIEVANCE_TEXT,
  grievancePath,
  MSG_GRIEVANCE,
  type TGrievanceCategory,
} from '@bit/contract';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LinkButton, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox, SelectField, TextField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { useSubmitGrievance } from '../api/submit-grievance';
import type { TSubmitGrievanceValues } from './grievance-schemas';

const loadSchema = () => import('./grievance-schemas').then((m) => m.submitGrievanceSchema);

export const SUBMIT_FAILED = 'Failed to submit the grievance';
/** What an anonymous report of ragging means, said beside the choice (CONTRACT 7.3). */
export const ANONYMOUS_LABEL = 'Report anonymously';
export const ANONYMOUS_MEANS =
  'The committee will see “Anonymous” instead of your name, in the report, its messages and its mails. You still follow the report here, write to the committee and are told of each step; who you are is kept and shown to no one but you.';
const CONFIDENTIAL_NOTE =
  'Heard in confidence: only the members of this committee and you see this grievance.';
const TOKEN_HINT =
  'The token of your complaint that was resolved or rejected within the last 15 days, or is overdue. It is filled in when you come from the complaint’s page.';

/**
 * The student's grievance form (CONTRACT 7.2): the category (and so the committee that hears it), a
 * subject and a description; for a complaint not resolved, the complaint's token (filled from the
 * status page's link, `complaintToken`); for ragging, the anonymous choice with what it means.
 */
export function GrievanceForm({ complaintToken = '' }: { complaintToken?: string }) {
  useDocumentTitle(SHELL_HEADINGS.newGrievance);
  const navigate = useNavigate();
  const submit = useSubmitGrievance();
  const form = useSchemaForm(loadSchema, {
    defaultValues: {
      category: complaintToken ? COMPLAINT_NOT_RESOLVED : '',
      subject: '',
      description: '',
      complaintToken,
      anonymous: false,
    } satisfies TSubmitGrievanceValues,
  });
  const category = form.values.category as TGrievanceCategory | '';
  const onValid = (body: Parameters<typeof submit.mutate>[0]) =>
    submit.mutate(body, {
      onSuccess: ({ message, data }) => {
        toast.success(message || MSG_GRIEVANCE.submitted);
        navigate(grievancePath(data.id));
      },
      onError: form.refused((error) => errorMessage(error, SUBMIT_FAILED)),
    });

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.newGrievance}</h1>
      <p className="mt-2 text-sm text-slate-700">
        A grievance goes to the committee that hears its category. The Students’ Grievance Redressal Committee
        decides within {GRIEVANCE_LIMITS.decisionWorkingDays} working days; you see on its page what happens
        next and by when.
      </p>
      <Card className="mt-6">
        <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-4">
          <SelectField
            label="Category"
            placeholder="Choose a category"
            options={GRIEVANCE_CATEGORIES}
            hint={category ? `Heard by the ${COMMITTEE_NAMES[committeeOfCategory(category)]}.` : undefined}
            {...form.field('category')}
          />
          {(category === 'Ragging' || category === 'Sexual harassment') && (
            <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800">
              {CONFIDENTIAL_NOTE}
            </p>
          )}
          {category === COMPLAINT_NOT_RESOLVED && (
            <TextField
              label="Complaint token"
              placeholder="CMP-..."
              autoComplete="off"
              hint={TOKEN_HINT}
              {...form.field('complaintToken')}
            />
          )}
          <TextField
            label="Subject"
            maxLength={GRIEVANCE_TEXT.subjectMax}
            autoComplete="off"
            {...form.field('subject')}
          />
          <TextAreaField
            label="Description"
            maxLength={GRIEVANCE_TEXT.descriptionMax}
            rows={6}
            {...form.field('description')}
          />
          {category === 'Ragging' && (
            <div>
              <Checkbox
                label={ANONYMOUS_LABEL}
                aria-describedby="anonymous-means"
                {...form.register('anonymous')}
                checked={form.values.anonymous === true}
              />
              <p id="anonymous-means" className="mt-1 text-sm text-slate-600">
                {ANONYMOUS_MEANS}
              </p>
              {form.formState.errors.anonymous?.message && (
                <p className="mt-1 text-sm font-medium text-status-other">
                  {form.formState.errors.anonymous.message}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={submit.isPending} pendingText="Submitting...">
              Submit grievance
            </SubmitButton>
            <LinkButton to={paths.studentDashboard} variant="ghost">
              Cancel
            </LinkButton>
          </div>
        </form>
      </Card>
    </section>
  );
}
