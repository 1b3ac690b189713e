import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  parseRooms,
  STICKER_PLACE_MAX,
  STICKERS_MAX,
  ZStickersQuery,
} from '@bit/contract';
import { useState } from 'react';
import { SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { hostelChoice } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { saveFile, type TStickerRequest, useDownloadStickers } from '../api/download-stickers';

type TStickerValues = {
  type: 'Hostel' | 'College';
  hostelNo: string;
  rooms: string;
  subType: string;
  place: string;
};

const schema = formSchema<TStickerValues, unknown>(ZStickersQuery);
const TYPE_OPTIONS = COMPLAINT_TYPES.map((t) => ({
  value: t,
  label: t === 'Hostel' ? 'Hostel rooms' : 'College place',
}));
const MAX_TEXT = STICKERS_MAX.toLocaleString('en-IN');
export const STICKERS_FAILED = 'The stickers could not be made. Please try again.';
export const ROOMS_HINT = `Rooms and ranges separated by commas, such as 101-140,201-240,G12. At most ${MAX_TEXT} stickers a sheet.`;

/** "40 stickers, 4 pages": what the list will make, or nothing while it is not a list yet. */
function countText(rooms: string): string | null {
  const parsed = parseRooms(rooms);
  if (!parsed.ok) return null;
  const n = parsed.rooms.length;
  const pages = Math.ceil(n / 12);
  return `${n} sticker${n === 1 ? '' : 's'}, ${pages} page${pages === 1 ? '' : 's'}`;
}

/**
 * CONTRACT 6.4: the sheet of QR stickers to print. An admin makes them for any hostel's rooms or a
 * college place; hostel staff (`hostelNo` given) for their own hostel's rooms, the hostel fixed.
 */
export function StickersForm({ hostelNo, college }: { hostelNo: number | null; college: boolean }) {
  useDocumentTitle(SHELL_HEADINGS.stickers);
  const form = useSchemaForm(schema, {
    defaultValues: {
      type: 'Hostel',
      hostelNo: hostelNo === null ? '' : String(hostelNo),
      rooms: '',
      subType: '',
      place: '',
    },
  });
  const download = useDownloadStickers();
  const [saved, setSaved] = useState<string | null>(null);
  const { type, rooms } = form.values;

  const onValid = () => {
    const v = form.values;
    const request: TStickerRequest =
      v.type === 'College'
        ? { type: 'College', subType: v.subType, place: v.place }
        : { type: 'Hostel', hostelNo: v.hostelNo, rooms: v.rooms };
    setSaved(null);
    download.mutate(request, {
      onSuccess: (file) => {
        saveFile(file);
        setSaved(file.fileName);
      },
      onError: form.refused((error) => errorMessage(error, STICKERS_FAILED)),
    });
  };
  const count = type === 'Hostel' ? countText(rooms) : null;

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.stickers}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Print a sheet of stickers for doors and notice boards. Scanning one opens the complaint form with the
        room or place already filled in: the student only picks the problem and describes it.
      </p>
      <Card className="mt-6">
        <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-5">
          {college && <RadioGroup legend="Stickers for" options={TYPE_OPTIONS} {...form.field('type')} />}

          {type === 'Hostel' ? (
            <>
              {hostelNo === null ? (
                <SelectField {...hostelChoice} required {...form.field('hostelNo')} />
              ) : (
                <p className="text-sm text-slate-700">
                  <span className="font-medium">Hostel:</span> Hostel {hostelNo}
                </p>
              )}
              <TextField
                label="Rooms"
                hint={ROOMS_HINT}
                autoComplete="off"
                inputMode="text"
                required
                {...form.field('rooms')}
              />
              {count && (
                <p role="status" className="text-sm text-slate-700">
                  {count}
                </p>
              )}
            </>
          ) : (
            <>
              <SelectField
                label="Department"
                placeholder="Select department"
                options={COLLEGE_DEPARTMENTS}
                required
                {...form.field('subType')}
              />
              <TextField
                label="Place"
                hint="Where the sticker goes, as students know it: Library reading room, Main building ground floor"
                maxLength={STICKER_PLACE_MAX}
                required
                {...form.field('place')}
              />
            </>
          )}

          <SubmitButton
            pending={download.isPending}
            pendingText="Making the stickers..."
            className="w-full sm:w-auto"
          >
            Download
          </SubmitButton>
          {saved && (
            <p role="status" className="text-sm text-slate-700">
              Downloaded <span className="font-mono break-all">{saved}</span>. Print it on A4 sticker paper,
              or on paper and cut along the dashed lines.
            </p>
          )}
        </form>
      </Card>
    </section>
  );
}
