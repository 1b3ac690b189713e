import type { TAppealRequest, TGrievanceActionResponse } from '@bit/contract';
import { api } from '../../../lib/api-client';
import { useGrievanceStep } from './grievance-step';

const appealGrievance = ({ id, body }: { id: number; body: TAppealRequest }) =>
  api.post<TGrievanceActionResponse>(`/grievances/${id}/appeal`, body);

/** The student appeals an SGRC decision to the Ombudsperson, within 15 days of it. */
export const useAppealGrievance = () => useGrievanceStep(appealGrievance);
