import type { TAttachment } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/upload';

type TUploadAttachment = {
  complaintId: number;
  file: File;
  /** the share of the file sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
};

const uploadAttachment = ({ complaintId, file, onProgress }: TUploadAttachment) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<{ data: TAttachment }>(`/complaints/${complaintId}/attachments`, body, { onProgress });
};

/**
 * Adds one photo to a complaint. Photos go up in batches, so the caller reads the complaint again
 * once its batch is done rather than after every photo.
 */
export const useUploadAttachment = () => useMutation({ mutationFn: uploadAttachment });
