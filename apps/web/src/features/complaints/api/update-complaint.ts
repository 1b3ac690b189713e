import type { TComplaint, TUpdateComplaintRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

const updateComplaint = ({ id, body }: { id: number; body: TUpdateComplaintRequest }) =>
  api.put<{ message: string; data: TComplaint }>(`/complaints/${id}`, body);

/** Updates status and remarks; every complaint list is read again before the caller moves on. */
export function useUpdateComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
