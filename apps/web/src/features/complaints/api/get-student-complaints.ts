import { PAGE_SIZE_DEFAULT, type TComplaintPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

/** `before`: the last id of the page before (keyset paging, see hooks/use-page-cursors.ts). */
const getStudentComplaints = (page: number, before?: number, signal?: AbortSignal) =>
  api.get<TComplaintPage>('/complaints/student', {
    query: { page, pageSize: PAGE_SIZE_DEFAULT, before },
    signal,
  });

const studentComplaintsQueryOptions = (page: number, before?: number) =>
  queryOptions({
    queryKey: complaintKeys.student(page, before),
    queryFn: ({ signal }) => getStudentComplaints(page, before, signal),
    placeholderData: keepPreviousData,
  });

export const useStudentComplaints = (page: number, before?: number) =>
  useQuery(studentComplaintsQueryOptions(page, before));
