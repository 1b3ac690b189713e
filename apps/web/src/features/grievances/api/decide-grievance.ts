import type { TDecisionRequest, TGrievanceActionResponse } from '@bit/contract';
import { api } from '../../../lib/api-client';
import { useGrievanceStep } from './grievance-step';

const decideGrievance = ({ id, body }: { id: number; body: TDecisionRequest }) =>
  api.post<TGrievanceActionResponse>(`/grievances/${id}/decision`, body);

/** A committee member records the committee's decision; the student is told. */
export const useDecideGrievance = () => useGrievanceStep(decideGrievance);
