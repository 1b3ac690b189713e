import type { TComplaintStatus, TComplaintType } from '@bit/contract';

/** What a student is filing (or their dashboard's place): the open incidents that match it. */
export type TOpenIncidentsFilter = {
  type?: TComplaintType | undefined;
  hostelNo?: number | undefined;
  subType?: string | undefined;
};

export type TIncidentListFilter = { page: number; status?: TComplaintStatus | '' | undefined };

/** Every incident query key starts here, so one invalidation refreshes every incident read. */
export const incidentKeys = {
  all: ['incidents'] as const,
  open: (filter: TOpenIncidentsFilter) => ['incidents', 'open', filter] as const,
  groups: () => ['incidents', 'groups'] as const,
  list: (filter: TIncidentListFilter) => ['incidents', 'list', filter] as const,
  detail: (id: number) => ['incidents', 'detail', id] as const,
};

/**
 * The complaints feature's key prefix: joining files a complaint and an update changes complaints,
 * so their lists are read again (the key, not an import: features never import each other).
 */
export const COMPLAINT_KEYS_ALL = ['complaints'] as const;
