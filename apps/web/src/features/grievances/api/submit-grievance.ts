import type { TGrievanceActionResponse, TSubmitGrievanceRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tookStep } from './grievance-step';

const submitGrievance = (body: TSubmitGrievanceRequest) =>
  api.post<TGrievanceActionResponse>('/grievances', body);

/** POST /api/grievances (a student): the new grievance is the page's at once, the student's list read again. */
export function useSubmitGrievance() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitGrievance, onSuccess: ({ data }) => tookStep(client, data) });
}
