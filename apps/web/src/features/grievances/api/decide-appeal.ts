import type { TDecisionRequest, TGrievanceActionResponse } from '@bit/contract';
import { api } from '../../../lib/api-client';
import { useGrievanceStep } from './grievance-step';

const decideAppeal = ({ id, body }: { id: number; body: TDecisionRequest }) =>
  api.post<TGrievanceActionResponse>(`/grievances/${id}/appeal-decision`, body);

/** The Ombudsperson decides an appeal, finally. */
export const useDecideAppeal = () => useGrievanceStep(decideAppeal);
