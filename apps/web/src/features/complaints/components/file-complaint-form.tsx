import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  complaintStatusPath,
  DESCRIPTION_MAX,
  HOSTEL_PROBLEMS,
  MSG,
  type TComplaintType,
  type TFileComplaintRequest,
  ZFileComplaintRequest,
} from '@bit/contract';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { hostelChoice } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { firstIssueMessage, formSchema, useSchemaForm } from '../../../lib/form';
import { useFileComplaint } from '../api/file-complaint';

type TFileComplaintValues = {
  type: TComplaintType;
  hostelNo: string;
  roomNo: string;
  subType: string;
  description: string;
};

const EMPTY: TFileComplaintValues = {
  type: 'Hostel',
  hostelNo: '',
  roomNo: '',
  subType: '',
  description: '',
};

const FIELDS = Object.keys(EMPTY);

/** What the complaint is about: a problem in the hostel, or the college department it is for. */
const SUBTYPE_CHOICE = {
  Hostel: { label: 'Problem type', placeholder: 'Select problem type', options: HOSTEL_PROBLEMS },
  College: { label: 'Department', placeholder: 'Select department', options: COLLEGE_DEPARTMENTS },
} as const;
const TYPE_OPTIONS = COMPLAINT_TYPES.map((t) => ({ value: t, label: t }));

/** SPEC §5 through the shared schema; a college complaint is sent without hostel and room. */
const schema = formSchema<TFileComplaintValues, TFileComplaintRequest>(
  z.preprocess(
    (v) =>
      (v as TFileComplaintValues).type === 'College' ? { ...(v as object), hostelNo: null, roomNo: null } : v,
    ZFileComplaintRequest,
  ),
);

/** The first failing rule's text, in the order of the fields, or the body to send. */
export function checkComplaint(
  values: TFileComplaintValues,
): { ok: true; data: TFileComplaintRequest } | { ok: false; message: string } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: firstIssueMessage(parsed.error.issues, FIELDS) ?? MSG.fileFailed };
}

export function FileComplaintForm() {
  useDocumentTitle('File Complaint');
  const navigate = useNavigate();
  const form = useSchemaForm(schema, { defaultValues: EMPTY });
  const file = useFileComplaint();

  // another type asks for another problem list; a college complaint has no hostel or room
  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    form.setValue('subType', '');
    if (event.target.value === 'College') {
      form.setValue('hostelNo', '');
      form.setValue('roomNo', '');
    }
  };

  const onValid = (body: TFileComplaintRequest) =>
    file.mutate(body, {
      onSuccess: ({ token }) => {
        toast.success(MSG.complaintFiled(token));
        navigate(complaintStatusPath(token));
      },
      onError: form.refused((error) => errorMessage(error, MSG.fileFailed)),
    });

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">File a Complaint</h1>
      <p className="mt-1 text-sm text-slate-600">
        You will get a token to track your complaint once it is filed.
      </p>
      <Card className="mt-6">
        <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-5">
          <RadioGroup
            legend="Complaint type"
            options={TYPE_OPTIONS}
            {...form.field('type', { onChange: onType })}
          />

          {form.values.type === 'Hostel' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField {...hostelChoice} required {...form.field('hostelNo')} />
              <TextField label="Room number" maxLength={20} required {...form.field('roomNo')} />
            </div>
          )}
          <SelectField {...SUBTYPE_CHOICE[form.values.type]} required {...form.field('subType')} />

          <TextAreaField
            label="Description"
            maxLength={DESCRIPTION_MAX}
            rows={5}
            required
            {...form.field('description')}
          />

          <SubmitButton pending={file.isPending} pendingText="Submitting..." className="w-full sm:w-auto">
            Submit Complaint
          </SubmitButton>
        </form>
      </Card>
    </section>
  );
}
