import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  complaintStatusPath,
  DESCRIPTION_MAX,
  HOSTEL_PROBLEMS,
  MSG,
  PHOTOS_PER_COMPLAINT,
  STICKER_PLACE_MAX,
  type TComplaintType,
  type TFileComplaintRequest,
  ZFileComplaintRequest,
} from '@bit/contract';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button, LinkButton, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { hostelChoice } from '../../../config/options';
import { arrivalFocus } from '../../../hooks/use-arrival-focus';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { firstIssueMessage, formSchema, useSchemaForm } from '../../../lib/form';
import { useFileComplaint, useFilingsUnderWay } from '../api/file-complaint';
import { PhotoInput, UploadList, usePhotoUploads } from './photo-uploads';

export type TFileComplaintValues = {
  type: TComplaintType;
  hostelNo: string;
  roomNo: string;
  subType: string;
  /** a college place a sticker named (CONTRACT 6.4): sent at the head of the description */
  place?: string;
  description: string;
};

const EMPTY: TFileComplaintValues = {
  type: 'Hostel',
  hostelNo: '',
  roomNo: '',
  subType: '',
  place: '',
  description: '',
};

const FIELDS = Object.keys(EMPTY);

/** What the complaint is about: a problem in the hostel, or the college department it is for. */
const SUBTYPE_CHOICE = {
  Hostel: { label: 'Problem type', placeholder: 'Select problem type', options: HOSTEL_PROBLEMS },
  College: { label: 'Department', placeholder: 'Select department', options: COLLEGE_DEPARTMENTS },
} as const;
const TYPE_OPTIONS = COMPLAINT_TYPES.map((t) => ({ value: t, label: t }));

/** How a sticker's place heads the description: a complaint has no column for it. */
export const placeLine = (place: string) => `Place: ${place}\n\n`;

/**
 * SPEC §5 through the shared schema; a college complaint is sent without hostel and room, and with
 * the place a sticker named, if any, as the first line of its description (decision 0026).
 */
const schema = formSchema<TFileComplaintValues, TFileComplaintRequest>(
  z.preprocess((v) => {
    const { place, ...values } = v as TFileComplaintValues;
    if (values.type !== 'College') return values;
    const where = place?.trim() && values.description?.trim() ? placeLine(place.trim()) : '';
    return { ...values, hostelNo: null, roomNo: null, description: `${where}${values.description}` };
  }, ZFileComplaintRequest),
);

/** The first failing rule's text, in the order of the fields, or the body to send. */
export function checkComplaint(
  values: TFileComplaintValues,
): { ok: true; data: TFileComplaintRequest } | { ok: false; message: string } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: firstIssueMessage(parsed.error.issues, FIELDS) ?? MSG.fileFailed };
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The hostel and room on the student's profile (CONTRACT 5.8), which a hostel complaint starts from. */
export type TComplaintProfile = { hostelNo: number | null; roomNo: string | null };

const fromProfile = (profile: TComplaintProfile | undefined) =>
  profile?.hostelNo ? { hostelNo: String(profile.hostelNo), roomNo: profile.roomNo ?? '' } : null;

/** What the form's address filled (a QR sticker's: contract `filingFromAddress`); the profile's otherwise. */
export type TComplaintAddress = Partial<
  Pick<TFileComplaintValues, 'type' | 'hostelNo' | 'roomNo' | 'subType' | 'place'>
>;

/**
 * The values the form starts from, and the hostel and room a hostel complaint goes back to when the
 * type is changed back: the address's where it says (a sticker's), else the profile's.
 */
function startingValues(profile: TComplaintProfile | undefined, address: TComplaintAddress) {
  const hostelPlace = address.hostelNo
    ? { hostelNo: address.hostelNo, roomNo: address.roomNo ?? '' }
    : fromProfile(profile);
  const values: TFileComplaintValues =
    address.type === 'College'
      ? { ...EMPTY, type: 'College', subType: address.subType ?? '', place: address.place ?? '' }
      : { ...EMPTY, ...hostelPlace };
  return { values, hostelPlace };
}

/** The Submit button while a filing waits for the connection (issue 33: it said Submitting... for ever). */
export const WILL_SEND_ONLINE = 'Will send when you are online';
export const WAITING_TO_SEND =
  'No connection. Your complaint is kept in this tab and sent once you are back online: keep the app open.';
export const WAITING_ELSEWHERE =
  'A complaint you filed offline is still waiting to be sent; it goes once you are back online.';

/**
 * `address`: what a QR sticker's address fills in (CONTRACT 6.4); `aside`: what the app shows under
 * the problem as the student fills the form in, from what is chosen so far (the incidents feature's
 * known problems, CONTRACT 6.1).
 */
export function FileComplaintForm({
  profile,
  address = {},
  aside,
}: {
  profile?: TComplaintProfile;
  address?: TComplaintAddress;
  aside?: (values: TFileComplaintValues) => ReactNode;
} = {}) {
  useDocumentTitle('File Complaint');
  const navigate = useNavigate();
  // read once: the address fills the form as it opens, and the student's changes then stand
  const [{ values: defaultValues, hostelPlace: prefill }] = useState(() => startingValues(profile, address));
  const form = useSchemaForm(schema, { defaultValues });
  // the place a sticker named, shown for a college complaint
  const stickerPlace = defaultValues.place;
  // SPEC's toast whenever it is filed: offline, that may be after the form was left
  const file = useFileComplaint(({ token }) => toast.success(MSG.complaintFiled(token)));
  // offline (paused), or a try that got no answer: it goes when the connection is back
  const waiting = file.isPaused || (file.isPending && file.failureCount > 0);
  const underWay = useFilingsUnderWay();
  const [photos, setPhotos] = useState<Array<{ key: number; file: File }>>([]);
  const nextKey = useRef(0);
  const uploads = usePhotoUploads();
  // the uploads outlive a visitor who leaves: they are not then brought back to the complaint
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);
  // once filed, the form is done with: the page follows the photos, and a second submit would file again
  const [filed, setFiled] = useState<string | null>(null);

  // another type asks for another problem list; a college complaint has no hostel or room, and a
  // hostel one starts again from the profile's
  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    form.setValue('subType', event.target.value === 'College' && address.subType ? address.subType : '');
    const place = event.target.value === 'College' ? { hostelNo: '', roomNo: '' } : prefill;
    if (place) {
      form.setValue('hostelNo', place.hostelNo);
      form.setValue('roomNo', place.roomNo);
    }
  };

  const onValid = (body: TFileComplaintRequest) =>
    file.mutate(
      { body, since: Date.now() },
      {
        onSuccess: async ({ token, complaint }) => {
          if (photos.length === 0) {
            navigate(complaintStatusPath(token), { state: arrivalFocus('complaint') });
            return;
          }
          // the photos go up once the complaint exists; they need its id
          setFiled(token);
          const failed = await uploads.start(
            complaint.id,
            photos.map((p) => p.file),
          );
          if (failed === 0 && here.current)
            navigate(complaintStatusPath(token), { state: arrivalFocus('complaint') });
        },
        onError: form.refused((error) => errorMessage(error, MSG.fileFailed)),
      },
    );

  if (filed) {
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold text-brand-900">File a Complaint</h1>
        <Card className="mt-6">
          {/* the form is gone: focus goes to the token, as it goes to the complaint's page without photos */}
          <h2 ref={focusOnMount} tabIndex={-1} className="text-lg font-semibold text-brand-900">
            Complaint <span className="font-mono">{filed}</span> filed
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {uploads.busy
              ? 'Your photos are being uploaded. Please keep this page open.'
              : 'Some photos could not be uploaded. You can add them again on the complaint’s page.'}
          </p>
          <UploadList uploads={uploads.uploads} />
          {!uploads.busy && (
            <LinkButton to={complaintStatusPath(filed)} className="mt-4">
              View complaint
            </LinkButton>
          )}
        </Card>
      </section>
    );
  }

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
          {form.values.type === 'College' && stickerPlace && (
            <TextField
              label="Place"
              hint="From the sticker you scanned: it heads your description."
              maxLength={STICKER_PLACE_MAX}
              {...form.field('place')}
            />
          )}
          {aside?.(form.values)}

          <TextAreaField
            label="Description"
            maxLength={
              form.values.type === 'College' && form.values.place?.trim()
                ? DESCRIPTION_MAX - placeLine(form.values.place.trim()).length
                : DESCRIPTION_MAX
            }
            rows={5}
            required
            {...form.field('description')}
          />

          <div>
            <PhotoInput
              label="Photos (optional)"
              room={PHOTOS_PER_COMPLAINT - photos.length}
              onChoose={(chosen) =>
                setPhotos((list) => [...list, ...chosen.map((file) => ({ key: nextKey.current++, file }))])
              }
              disabled={file.isPending}
            />
            {photos.length > 0 && (
              <ul aria-label="Chosen photos" className="mt-2 divide-y divide-slate-100 text-sm">
                {photos.map(({ key, file: photo }) => (
                  <li key={key} className="flex items-center justify-between gap-3">
                    <span className="min-w-0 truncate text-slate-800">
                      {photo.name} <span className="text-slate-500">({sizeText(photo.size)})</span>
                    </span>
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${photo.name}`}
                      disabled={file.isPending}
                      onClick={() => setPhotos((list) => list.filter((p) => p.key !== key))}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <SubmitButton
            pending={file.isPending}
            pendingText={waiting ? WILL_SEND_ONLINE : 'Submitting...'}
            className="w-full sm:w-auto"
          >
            Submit Complaint
          </SubmitButton>
          {waiting ? (
            <p role="status" className="text-sm font-semibold text-status-pending">
              {WAITING_TO_SEND}
            </p>
          ) : (
            !file.isPending &&
            underWay > 0 && (
              <p role="status" className="text-sm text-slate-700">
                {WAITING_ELSEWHERE}
              </p>
            )
          )}
        </form>
      </Card>
    </section>
  );
}
