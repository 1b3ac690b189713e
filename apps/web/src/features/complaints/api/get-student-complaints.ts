import { PAGE_SIZE_DEFAULT, type TComplaintPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

/**
 * `before`: the last id of the page before (keyset paging, see hooks/use-page-cursors.ts); `q`: the
 * search (CONTRACT 6.2), '' for none.
 */
const getStudentComplaints = (page: number, before: number | undefined, q: string, signal?: AbortSignal) =>
  api.get<TComplaintPage>('/complaints/student', {
    query: { page, pageSize: PAGE_SIZE_DEFAULT, before, q: q || undefined },
    signal,
  });

const studentComplaintsQueryOptions = (page: number, before: number | undefined, q: string) =>
  queryOptions({
    queryKey: complaintKeys.student(page, before, q),
    queryFn: ({ signal }) => getStudentComplaints(page, before, q, signal),
    placeholderData: keepPreviousData,
  });

export const useStudentComplaints = (page: number, before?: number, q = '') =>
  useQuery(studentComplaintsQueryOptions(page, before, q));
