import {
  PAGE_SIZE_DEFAULT,
  type TAuthorityComplaintPage,
  type TComplaint,
  type TComplaintPage,
  type TComplaintStatus,
  type TComplaintWithHistory,
  type TFileComplaintRequest,
  type TFileComplaintResponse,
  type TUpdateComplaintRequest,
} from '@bit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every complaint query key starts here, so one invalidation refreshes every list and detail. */
export const complaintKeys = {
  all: ['complaints'] as const,
  student: (page: number, before?: number) => ['complaints', 'student', page, before] as const,
  authority: (query: TAuthorityQuery) => ['complaints', 'authority', query] as const,
  admin: (filters: TAdminFilters) => ['complaints', 'admin', filters] as const,
  detail: (token: string) => ['complaints', 'detail', token] as const,
};

/** `before`: the last id of the page before (keyset paging, see hooks/use-page-cursors.ts). */
export type TAuthorityQuery = {
  page: number;
  pageSize?: number;
  status?: TComplaintStatus | '';
  before?: number | undefined;
};
export type TAdminFilters = {
  hostelNo: string;
  type: string;
  status: string;
  page: number;
  before?: number | undefined;
};

export const fileComplaintRequest = (body: TFileComplaintRequest) =>
  api.post<TFileComplaintResponse>('/complaints', body);

export const updateComplaintRequest = (id: number, body: TUpdateComplaintRequest) =>
  api.put<{ message: string; data: TComplaint }>(`/complaints/${id}`, body);

export function useStudentComplaints(page: number, before?: number) {
  return useQuery({
    queryKey: complaintKeys.student(page, before),
    queryFn: ({ signal }) =>
      api.get<TComplaintPage>('/complaints/student', {
        query: { page, pageSize: PAGE_SIZE_DEFAULT, before },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuthorityComplaints(query: TAuthorityQuery, enabled = true) {
  return useQuery({
    queryKey: complaintKeys.authority(query),
    queryFn: ({ signal }) =>
      api.get<TAuthorityComplaintPage>('/complaints/authority', {
        query: {
          page: query.page,
          pageSize: query.pageSize ?? PAGE_SIZE_DEFAULT,
          status: query.status,
          before: query.before,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminComplaints(filters: TAdminFilters) {
  return useQuery({
    queryKey: complaintKeys.admin(filters),
    queryFn: ({ signal }) =>
      api.get<TComplaintPage>('/complaints/admin/all', {
        query: { ...filters, pageSize: PAGE_SIZE_DEFAULT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useComplaint(token: string) {
  return useQuery({
    queryKey: complaintKeys.detail(token),
    queryFn: ({ signal }) =>
      api
        .get<{ data: TComplaintWithHistory }>(`/complaints/${encodeURIComponent(token)}`, { signal })
        .then((r) => r.data),
    enabled: token !== '',
    staleTime: 0,
  });
}

export function useUpdateComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateComplaintRequest }) =>
      updateComplaintRequest(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
