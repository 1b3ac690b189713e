import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  DESCRIPTION_MAX,
  HOSTEL_NUMBERS,
  HOSTEL_PROBLEMS,
  MSG,
  type TComplaintType,
  type TFileComplaintRequest,
  ZFileComplaintRequest,
} from '@bit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { complaintKeys, fileComplaintRequest } from '../api/complaints-api';
import { statusPath } from './format';
import { TextAreaField } from './textarea-field';

export type TFileComplaintValues = {
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

/** SPEC §5 through the shared schema: the first failing rule's text, or the body to send. */
export function checkComplaint(
  values: TFileComplaintValues,
): { ok: true; data: TFileComplaintRequest } | { ok: false; message: string } {
  const { type, hostelNo, roomNo, subType, description } = values;
  const body =
    type === 'Hostel'
      ? { type, hostelNo, roomNo, subType, description }
      : { type, hostelNo: null, roomNo: null, subType, description };
  const parsed = ZFileComplaintRequest.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MSG.fileFailed };
  return { ok: true, data: parsed.data };
}

export function FileComplaintForm() {
  useDocumentTitle('File Complaint');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof TFileComplaintValues) => (value: string) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const chooseType = (type: TComplaintType) =>
    setValues((prev) => ({
      ...prev,
      type,
      subType: '',
      ...(type === 'College' ? { hostelNo: '', roomNo: '' } : {}),
    }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkComplaint(values);
    if (!checked.ok) {
      toast.error(checked.message);
      return;
    }
    setSubmitting(true);
    try {
      const { token } = await fileComplaintRequest(checked.data);
      toast.success(MSG.complaintFiled(token));
      await queryClient.invalidateQueries({ queryKey: complaintKeys.all });
      navigate(statusPath(token));
    } catch (error) {
      toast.error(errorMessage(error, MSG.fileFailed));
      setSubmitting(false);
    }
  }

  const isHostel = values.type === 'Hostel';
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">File a Complaint</h1>
      <p className="mt-1 text-sm text-slate-600">
        You will get a token to track your complaint once it is filed.
      </p>
      <Card className="mt-6">
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">Complaint type</legend>
            <div className="flex flex-wrap gap-4">
              {COMPLAINT_TYPES.map((type) => (
                <label
                  key={type}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
                >
                  <input
                    type="radio"
                    name="type"
                    value={type}
                    checked={values.type === type}
                    onChange={() => chooseType(type)}
                    className="size-5 accent-brand-700"
                  />
                  {type}
                </label>
              ))}
            </div>
          </fieldset>

          {isHostel ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Hostel number"
                value={values.hostelNo}
                onChange={(e) => set('hostelNo')(e.target.value)}
                required
              >
                <option value="">Select hostel</option>
                {HOSTEL_NUMBERS.map((n) => (
                  <option key={n} value={String(n)}>
                    Hostel {n}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Room number"
                value={values.roomNo}
                maxLength={20}
                onChange={(e) => set('roomNo')(e.target.value)}
                required
              />
              <SelectField
                label="Problem type"
                className="sm:col-span-2"
                value={values.subType}
                onChange={(e) => set('subType')(e.target.value)}
                required
              >
                <option value="">Select problem type</option>
                {HOSTEL_PROBLEMS.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : (
            <SelectField
              label="Department"
              value={values.subType}
              onChange={(e) => set('subType')(e.target.value)}
              required
            >
              <option value="">Select department</option>
              {COLLEGE_DEPARTMENTS.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </SelectField>
          )}

          <TextAreaField
            label="Description"
            value={values.description}
            maxLength={DESCRIPTION_MAX}
            rows={5}
            onChange={(e) => set('description')(e.target.value)}
            required
          />

          <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? 'Submitting...' : 'Submit Complaint'}
          </Button>
        </form>
      </Card>
    </section>
  );
}
