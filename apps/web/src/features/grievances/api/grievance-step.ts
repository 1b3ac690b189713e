import type { TGrievanceActionResponse, TGrievanceWithHistory } from '@bit/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { grievanceKeys } from './keys';

/** The answer of a step is the grievance as it now stands: the page takes it, the lists are read again. */
export function tookStep(client: QueryClient, grievance: TGrievanceWithHistory) {
  client.setQueryData(grievanceKeys.detail(grievance.id), grievance);
  void client.invalidateQueries({ queryKey: grievanceKeys.lists() });
}

/**
 * A step on a grievance (hearing, representative, decision, withdrawal, appeal, appeal decision): the
 * page takes the grievance the answer carries; a refusal (409: it moved meanwhile) reads it again.
 */
export function useGrievanceStep<TVars extends { id: number }>(
  send: (vars: TVars) => Promise<TGrievanceActionResponse>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => tookStep(client, data),
    onError: (_error, { id }) => void client.invalidateQueries({ queryKey: grievanceKeys.detail(id) }),
  });
}
