import type { TAttachment } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/upload';

type TUploadAttachment = {
  complaintId: number;
  file: File;
  /** the share of the file sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
};

/**
 * The photo as it goes up: at most 2048 px, made smaller in the browser (lib/shrink-photo.ts, whose
 * code loads with the first photo chosen, not with the screen); the original when that cannot be done.
 */
const smaller = (file: File) =>
  import('../../../lib/shrink-photo').then(({ shrinkPhoto }) => shrinkPhoto(file)).catch(() => file);

const uploadAttachment = async ({ complaintId, file, onProgress }: TUploadAttachment) => {
  const sent = await smaller(file);
  const body = new FormData();
  body.append('file', sent, sent.name);
  return upload<{ data: TAttachment }>(`/complaints/${complaintId}/attachments`, body, { onProgress });
};

/**
 * Adds one photo to a complaint. Photos go up in batches, so the caller reads the complaint again
 * once its batch is done rather than after every photo.
 */
export const useUploadAttachment = () => useMutation({ mutationFn: uploadAttachment });
