import { PAGE_SIZE_DEFAULT, type TAuthorityComplaintPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys, type TAuthorityQuery } from './keys';

const getAuthorityComplaints = (query: TAuthorityQuery, signal?: AbortSignal) =>
  api.get<TAuthorityComplaintPage>('/complaints/authority', {
    query: {
      page: query.page,
      pageSize: query.pageSize ?? PAGE_SIZE_DEFAULT,
      status: query.status,
      overdue: query.overdue ? 'true' : undefined,
      incident: query.incident,
      assignee: query.assignee || undefined,
      before: query.before,
      q: query.q || undefined,
    },
    signal,
  });

const authorityComplaintsQueryOptions = (query: TAuthorityQuery) =>
  queryOptions({
    queryKey: complaintKeys.authority(query),
    queryFn: ({ signal }) => getAuthorityComplaints(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled`: false for an authority awaiting approval, who would only be refused. */
export const useAuthorityComplaints = (query: TAuthorityQuery, enabled = true) =>
  useQuery({ ...authorityComplaintsQueryOptions(query), enabled });
