/** The grievance list's filters (CONTRACT 7.2), as the list's key holds them: '' when not set. */
export type TGrievanceListFilter = {
  page: number;
  before: number | undefined;
  status: string;
  category: string;
  overdue: boolean;
  q: string;
};

/** Every query key of the grievance feature (committees, calendar, grievances) starts here. */
export const grievanceKeys = {
  all: ['grievances'] as const,
  committees: () => ['grievances', 'committees'] as const,
  adminCommittees: () => ['grievances', 'admin-committees'] as const,
  approvedAuthorities: () => ['grievances', 'approved-authorities'] as const,
  calendar: (year: number) => ['grievances', 'calendar', year] as const,
  lists: () => ['grievances', 'list'] as const,
  list: (filter: TGrievanceListFilter) => ['grievances', 'list', filter] as const,
  detail: (id: number) => ['grievances', 'detail', id] as const,
};
