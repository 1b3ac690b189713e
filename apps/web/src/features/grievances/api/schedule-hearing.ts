import type { TGrievanceActionResponse, THearingRequest } from '@bit/contract';
import { api } from '../../../lib/api-client';
import { useGrievanceStep } from './grievance-step';

const scheduleHearing = ({ id, body }: { id: number; body: THearingRequest }) =>
  api.post<TGrievanceActionResponse>(`/grievances/${id}/hearing`, body);

/** A committee member sets (or moves) the hearing; the student is told when and where. */
export const useScheduleHearing = () => useGrievanceStep(scheduleHearing);
