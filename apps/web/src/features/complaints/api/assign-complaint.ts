import type { TAssignableList, TComplaint } from '@bit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

/** CONTRACT 7.5: assign a complaint to an approved authority (userId), or clear it (null). */
const assignComplaint = ({ id, userId }: { id: number; userId: number | null }) =>
  api.put<TComplaint>(`/complaints/${id}/assignee`, { userId });

/** Every complaint list and page is read again: the row's assignee and "Assigned to me" change. */
export function useAssignComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

/** The approved authorities whose name holds `q` (name and designation only), while `enabled`. */
export const useAssignable = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['authorities', 'assignable', q] as const,
    queryFn: ({ signal }) =>
      api.get<TAssignableList>('/authorities/assignable', { query: { q: q.trim() || undefined }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
