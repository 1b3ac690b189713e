import type { TGrievanceActionResponse } from '@bit/contract';
import { api } from '../../../lib/api-client';
import { useGrievanceStep } from './grievance-step';

const withdrawGrievance = ({ id }: { id: number }) =>
  api.post<TGrievanceActionResponse>(`/grievances/${id}/withdraw`);

/** The student withdraws the grievance before a decision. */
export const useWithdrawGrievance = () => useGrievanceStep(withdrawGrievance);
