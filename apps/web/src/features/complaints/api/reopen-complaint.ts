import type { TReopenRequest, TReopenResponse } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

const reopenComplaint = ({ id, body }: { id: number; body: TReopenRequest }) =>
  api.post<TReopenResponse>(`/complaints/${id}/reopen`, body);

/** The student reopens a complaint; every complaint list and page is read again. */
export function useReopenComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reopenComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
