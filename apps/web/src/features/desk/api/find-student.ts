import type { TDeskStudentResponse } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deskKeys } from './keys';

export const findStudent = (rollNo: string) =>
  api.get<TDeskStudentResponse>('/students/by-roll', { query: { rollNo } });

/** The student with a roll number; a 404 ("No student with this roll number") is an answer, not retried. */
export const studentByRollQuery = (rollNo: string) =>
  queryOptions({
    queryKey: deskKeys.student(rollNo),
    queryFn: () => findStudent(rollNo).then((r) => r.data),
    retry: false,
    staleTime: 0,
  });

/** The student the desk looks for: nothing is asked while `rollNo` is null. */
export const useStudentByRoll = (rollNo: string | null) =>
  useQuery({ ...studentByRollQuery(rollNo ?? ''), enabled: rollNo !== null });
