import { PHOTOS_PER_COMPLAINT } from '@bit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { Field } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { complaintKeys } from '../api/keys';
import { useUploadAttachment } from '../api/upload-attachment';
import { checkPhotos, PHOTO_ACCEPT } from './conversation-rules';

const UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';

type TUpload = {
  key: number;
  name: string;
  /** 0 to 1 */
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  why?: string;
};

/**
 * Sends photos to a complaint one after another (a phone's uplink is shared by all of them anyway,
 * and the server keeps them in the order chosen), following each one's progress and failure. The
 * complaint is read again once the batch is done.
 */
export function usePhotoUploads() {
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const next = useRef(0);
  const { mutateAsync } = useUploadAttachment();
  const client = useQueryClient();

  const set = (key: number, patch: Partial<TUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  /** Uploads the files; answers how many failed. */
  async function start(complaintId: number, files: readonly File[]) {
    const batch = files.map((file) => ({ file, key: next.current++ }));
    setUploads(batch.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: 'waiting' })));
    let failed = 0;
    for (const { file, key } of batch) {
      set(key, { state: 'sending' });
      try {
        await mutateAsync({ complaintId, file, onProgress: (progress) => set(key, { progress }) });
        set(key, { state: 'done', progress: 1 });
      } catch (error) {
        failed += 1;
        set(key, { state: 'failed', why: errorMessage(error, UPLOAD_FAILED) });
      }
    }
    void client.invalidateQueries({ queryKey: complaintKeys.all });
    return failed;
  }

  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'sending');
  return { uploads, busy, start };
}

function stateText(u: TUpload) {
  if (u.state === 'waiting') return 'Waiting';
  if (u.state === 'sending') return `${Math.round(u.progress * 100)}%`;
  if (u.state === 'done') return 'Uploaded';
  return 'Failed';
}

/** Each photo of the batch with its progress, or why it failed; a live line sums it up. */
export function UploadList({ uploads }: { uploads: TUpload[] }) {
  if (uploads.length === 0) return null;
  const done = uploads.filter((u) => u.state === 'done').length;
  const failed = uploads.filter((u) => u.state === 'failed').length;
  const finished = done + failed === uploads.length;
  const total = uploads.length === 1 ? '1 photo' : `${uploads.length} photos`;
  const summary = !finished
    ? `Uploading ${total}: ${done} done.`
    : failed === 0
      ? `Uploaded ${total}.`
      : `${done} of ${total} uploaded; ${failed} failed.`;
  return (
    <div className="mt-3">
      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        {summary}
      </p>
      <ul aria-label="Photo uploads" className="mt-2 space-y-2">
        {uploads.map((u) => (
          <li key={u.key} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="truncate text-slate-800">{u.name}</span>
              <span className={u.state === 'failed' ? 'font-semibold text-status-other' : 'text-slate-600'}>
                {stateText(u)}
              </span>
            </div>
            {u.state === 'failed' ? (
              <p className="text-status-other">{u.why}</p>
            ) : (
              <progress
                max={100}
                value={Math.round(u.progress * 100)}
                aria-label={`Upload of ${u.name}`}
                className="mt-1 h-2 w-full accent-brand-700"
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The photo picker: several at once, and `accept` lists image types so that a phone offers its camera.
 * Files that cannot go up (type, size, no room left on the complaint) are named with the reason.
 */
export function PhotoInput({
  label,
  room,
  onChoose,
  disabled,
}: {
  label: string;
  /** how many more photos the complaint can take */
  room: number;
  onChoose: (files: File[]) => void;
  disabled?: boolean;
}) {
  const [refused, setRefused] = useState<Array<{ name: string; why: string }>>([]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // the same photo can be chosen again after a failure
    event.target.value = '';
    const check = checkPhotos(files, room);
    setRefused(check.refused);
    if (check.accepted.length > 0) onChoose(check.accepted);
  };

  return (
    <Field
      label={label}
      hint={`JPEG, PNG or WebP, at most 8 MB each; ${room} of ${PHOTOS_PER_COMPLAINT} can still be added.`}
      error={refused.length > 0 ? refused.map((r) => `${r.name}: ${r.why}`).join('. ') : undefined}
    >
      {(control) => (
        <input
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={disabled || room <= 0}
          onChange={onChange}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700 disabled:opacity-60"
          {...control}
        />
      )}
    </Field>
  );
}
