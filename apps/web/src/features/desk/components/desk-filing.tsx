import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  complaintStatusPath,
  DESCRIPTION_MAX,
  HOSTEL_PROBLEMS,
  MSG_DESK,
  ROLL_MAX,
  type TComplaintType,
  type TDeskFilingRequest,
  type TDeskStudent,
  ZDeskFilingRequest,
  ZRollQuery,
} from '@bit/contract';
import { type ChangeEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button, LinkButton, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { hostelChoice } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useFileAtDesk } from '../api/file-at-desk';
import { useStudentByRoll } from '../api/find-student';

/**
 * CONTRACT 7.5: filing at the desk for a student who came in person. The student is found by roll
 * number first and their name shown, so the clerk files for the one at the counter; then the filing,
 * then its token. `hostelNo`: a Hostel Clerk's hostel, the only place they file for; null for an admin,
 * who files any complaint.
 */
export function DeskFiling({ hostelNo }: { hostelNo: number | null }) {
  useDocumentTitle(SHELL_HEADINGS.deskFiling);
  const [student, setStudent] = useState<TDeskStudent | null>(null);
  const [filed, setFiled] = useState<{ token: string; name: string } | null>(null);
  const nextStudent = () => {
    setFiled(null);
    setStudent(null);
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.deskFiling}</h1>
      <p className="mt-1 text-sm text-slate-600">
        File a complaint for a student who came to the desk. It is their own complaint: it counts in their 20
        a day, and its token is mailed to them.
      </p>
      {filed ? (
        <Filed filed={filed} onNext={nextStudent} onAgain={() => setFiled(null)} />
      ) : student ? (
        <>
          <StudentCard student={student} onChange={nextStudent} />
          <FilingForm
            key={student.rollNo}
            student={student}
            hostelNo={hostelNo}
            onFiled={(token) => setFiled({ token, name: student.name })}
          />
        </>
      ) : (
        <FindStudent onFound={setStudent} />
      )}
    </section>
  );
}

type TRollValues = { rollNo: string };
const rollSchema = formSchema<TRollValues, TRollValues>(ZRollQuery);

/** The roll number asked for, and the student it names (or the server's 404, under the field). */
function FindStudent({ onFound }: { onFound: (student: TDeskStudent) => void }) {
  const form = useSchemaForm(rollSchema, { defaultValues: { rollNo: '' } });
  const [asked, setAsked] = useState<string | null>(null);
  const lookup = useStudentByRoll(asked);
  const found = asked !== null && lookup.data ? lookup.data : null;
  const refused =
    asked !== null && lookup.error ? errorMessage(lookup.error, MSG_DESK.lookupFailed) : undefined;

  const rollField = form.field('rollNo');
  const onValid = ({ rollNo }: TRollValues) => {
    if (rollNo === asked) void lookup.refetch();
    else setAsked(rollNo);
  };

  return (
    <Card className="mt-6">
      <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-4">
        <TextField
          label="Student's roll number"
          hint="As on their ID card, such as BTECH/10001/23."
          autoComplete="off"
          maxLength={ROLL_MAX}
          required
          {...rollField}
          error={rollField.error ?? refused}
          onChange={(event) => {
            // a changed roll number is another search: the last one's answer no longer stands
            setAsked(null);
            return rollField.onChange(event);
          }}
        />
        <SubmitButton pending={lookup.isFetching} pendingText="Finding..." className="w-full sm:w-auto">
          Find student
        </SubmitButton>
      </form>
      {found && (
        <div role="status" className="mt-5 rounded-lg border border-brand-100 bg-brand-50 p-4">
          <p className="text-sm text-slate-700">Is this the student at the desk?</p>
          <p className="mt-1 text-lg font-semibold text-brand-900">{found.name}</p>
          <p className="text-sm text-slate-700">
            <span className="font-mono">{found.rollNo}</span>
            {found.hostelNo !== null && <> · Hostel {found.hostelNo}</>}
          </p>
          <Button className="mt-3 w-full sm:w-auto" onClick={() => onFound(found)}>
            File for {found.name}
          </Button>
        </div>
      )}
    </Card>
  );
}

function StudentCard({ student, onChange }: { student: TDeskStudent; onChange: () => void }) {
  return (
    <Card className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h2 ref={focusOnMount} tabIndex={-1} className="text-sm font-medium text-slate-600">
          Filing for
        </h2>
        <p className="text-lg font-semibold break-words text-brand-900">{student.name}</p>
        <p className="font-mono text-sm break-all text-slate-700">{student.rollNo}</p>
      </div>
      <Button variant="secondary" onClick={onChange}>
        Another student
      </Button>
    </Card>
  );
}

type TDeskValues = {
  type: TComplaintType;
  hostelNo: string;
  roomNo: string;
  subType: string;
  description: string;
};

const SUBTYPE_CHOICE = {
  Hostel: { label: 'Problem type', placeholder: 'Select problem type', options: HOSTEL_PROBLEMS },
  College: { label: 'Department', placeholder: 'Select department', options: COLLEGE_DEPARTMENTS },
} as const;
const TYPE_OPTIONS = COMPLAINT_TYPES.map((t) => ({ value: t, label: t }));

/** The contract's schema, with the student's roll number added and a college complaint's place emptied. */
const deskSchema = (rollNo: string) =>
  formSchema<TDeskValues, TDeskFilingRequest>(
    z.preprocess((v) => {
      const values = v as TDeskValues;
      return values.type === 'College'
        ? { ...values, hostelNo: null, roomNo: null, rollNo }
        : { ...values, rollNo };
    }, ZDeskFilingRequest),
  );

function FilingForm({
  student,
  hostelNo,
  onFiled,
}: {
  student: TDeskStudent;
  hostelNo: number | null;
  onFiled: (token: string) => void;
}) {
  // a clerk's hostel is fixed; an admin starts from the student's own
  const startHostel = hostelNo ?? student.hostelNo;
  const [schema] = useState(() => deskSchema(student.rollNo));
  const form = useSchemaForm<TDeskValues, TDeskFilingRequest>(schema, {
    defaultValues: {
      type: 'Hostel',
      hostelNo: startHostel === null ? '' : String(startHostel),
      roomNo: '',
      subType: '',
      description: '',
    },
  });
  const file = useFileAtDesk();
  const college = hostelNo === null;

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    form.setValue('subType', '');
    if (event.target.value === 'College') {
      form.setValue('hostelNo', '');
      form.setValue('roomNo', '');
    } else form.setValue('hostelNo', startHostel === null ? '' : String(startHostel));
  };

  const onValid = (body: TDeskFilingRequest) =>
    file.mutate(body, {
      onSuccess: ({ token }) => {
        toast.success(`${MSG_DESK.filed}: ${token}`);
        onFiled(token);
      },
      onError: form.refused((error) => errorMessage(error, MSG_DESK.fileFailed)),
    });

  return (
    <Card className="mt-4">
      <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-5">
        {college && (
          <RadioGroup
            legend="Complaint type"
            options={TYPE_OPTIONS}
            {...form.field('type', { onChange: onType })}
          />
        )}
        {form.values.type === 'Hostel' && (
          <div className="grid gap-4 sm:grid-cols-2">
            {hostelNo === null ? (
              <SelectField {...hostelChoice} required {...form.field('hostelNo')} />
            ) : (
              <p className="self-end pb-2 text-sm text-slate-700">
                <span className="font-medium">Hostel:</span> Hostel {hostelNo}
              </p>
            )}
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
        <SubmitButton pending={file.isPending} pendingText="Filing..." className="w-full sm:w-auto">
          File for {student.name}
        </SubmitButton>
      </form>
    </Card>
  );
}

function Filed({
  filed,
  onNext,
  onAgain,
}: {
  filed: { token: string; name: string };
  onNext: () => void;
  onAgain: () => void;
}) {
  return (
    <Card className="mt-6">
      {/* the form is gone: focus goes to what to tell the student */}
      <h2 ref={focusOnMount} tabIndex={-1} className="text-lg font-semibold text-brand-900">
        Complaint filed for {filed.name}
      </h2>
      <p className="mt-3 text-sm text-slate-700">Their token:</p>
      <p className="mt-1 font-mono text-2xl font-bold tracking-wide break-all text-brand-900">
        {filed.token}
      </p>
      <p className="mt-3 text-sm text-slate-600">
        The token and the complaint were mailed to the student. It is in their own list when they sign in.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button onClick={onNext}>Next student</Button>
        <Button variant="secondary" onClick={onAgain}>
          Another for {filed.name}
        </Button>
        <LinkButton variant="ghost" to={complaintStatusPath(filed.token)}>
          View complaint
        </LinkButton>
      </div>
    </Card>
  );
}
