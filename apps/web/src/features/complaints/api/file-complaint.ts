import type { TFileComplaintRequest, TFileComplaintResponse } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

export const fileComplaint = (body: TFileComplaintRequest) =>
  api.post<TFileComplaintResponse>('/complaints', body);

/** Files a complaint; every complaint list is read again before the caller moves on. */
export function useFileComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
