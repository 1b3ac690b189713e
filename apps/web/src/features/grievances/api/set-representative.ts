import type { TGrievanceActionResponse, TRepresentativeRequest } from '@bit/contract';
import { api } from '../../../lib/api-client';
import { useGrievanceStep } from './grievance-step';

const setRepresentative = ({ id, body }: { id: number; body: TRepresentativeRequest }) =>
  api.put<TGrievanceActionResponse>(`/grievances/${id}/representative`, body);

/** The student names who speaks for them at the hearing (empty: no one), before it begins. */
export const useSetRepresentative = () => useGrievanceStep(setRepresentative);
