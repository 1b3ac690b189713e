import type { TDeskFilingRequest, TFileComplaintResponse } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fileAtDesk = (body: TDeskFilingRequest) =>
  api.post<TFileComplaintResponse>('/complaints/on-behalf', body);

// the complaints feature's lists (its keys.ts `all`): a desk filing is in the clerk's own list too
const COMPLAINT_LISTS = ['complaints'] as const;

/**
 * Files for the student at the desk. Never sent again by itself: the clerk sees the answer before the
 * student leaves the counter, and a second try could file twice.
 */
export function useFileAtDesk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileAtDesk,
    retry: false,
    onSuccess: () => client.invalidateQueries({ queryKey: COMPLAINT_LISTS }),
  });
}
