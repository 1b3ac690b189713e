import type { TCommitteeKey, TCommitteeResponse, TCommittees, TSetCommitteeRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

const setCommittee = ({ committee, members }: { committee: TCommitteeKey } & TSetCommitteeRequest) =>
  api.put<TCommitteeResponse>(`/admin/committees/${committee}`, { members });

/** Appoints a committee's members; the admin's list takes the answer, the public list is read again. */
export function useSetCommittee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCommittee,
    onSuccess: ({ data: changed }) => {
      client.setQueryData<TCommittees>(grievanceKeys.adminCommittees(), (list) =>
        list ? { data: list.data.map((c) => (c.committee === changed.committee ? changed : c)) } : list,
      );
      void client.invalidateQueries({ queryKey: grievanceKeys.committees() });
    },
  });
}
