import { isOpen, OPEN_STATUSES, type TComplaint, type TComplaintPage, type TIncident } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMPLAINT_KEYS_ALL } from './keys';

/** The lists read at most this many complaints a search (the contract's page size limit). */
const CANDIDATES_READ = 100;

type TIncidentPlace = Pick<TIncident, 'id' | 'type' | 'hostelNo' | 'subType'>;

/** The caller's list (an authority's scope; an admin's all, narrowed to the incident's type and hostel). */
const getCandidates = (incident: TIncidentPlace, q: string, admin: boolean, signal?: AbortSignal) =>
  admin
    ? api.get<TComplaintPage>('/complaints/admin/all', {
        query: {
          page: 1,
          pageSize: CANDIDATES_READ,
          type: incident.type,
          hostelNo: incident.hostelNo ?? undefined,
          q: q || undefined,
        },
        signal,
      })
    : api.get<TComplaintPage>('/complaints/authority', {
        query: { page: 1, pageSize: CANDIDATES_READ, q: q || undefined },
        signal,
      });

/** Whether a complaint may be linked: of the incident's type, hostel and category, and in no incident. */
export const linkable = (incident: TIncidentPlace) => (c: TComplaint) =>
  !c.incident &&
  c.type === incident.type &&
  c.hostelNo === incident.hostelNo &&
  c.subType === incident.subType;

/**
 * Complaints an incident could take in: the newest of the caller's list (or those matching `q`, a word,
 * a token, a roll or room number), kept to the incident's category and place and to those in no
 * incident, the open ones first. Under the complaints' key: a change to any complaint reads it again.
 */
export const useLinkCandidates = (incident: TIncidentPlace, q: string, admin: boolean, enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: [...COMPLAINT_KEYS_ALL, 'incident-candidates', incident.id, q, admin] as const,
      queryFn: ({ signal }) => getCandidates(incident, q, admin, signal),
      placeholderData: keepPreviousData,
    }),
    select: (page) =>
      page.data
        .filter(linkable(incident))
        .sort((a, b) => Number(isOpen(b.status)) - Number(isOpen(a.status))),
    enabled,
  });

/**
 * How many of an incident's complaints are still open, when its page lists only its first 100: the
 * authority's list of the incident's complaints, one status at a time, counted by the server.
 */
export const useOpenLinkedCount = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...COMPLAINT_KEYS_ALL, 'incident-open-count', id] as const,
    queryFn: async ({ signal }) => {
      const counts = await Promise.all(
        OPEN_STATUSES.map((status) =>
          api.get<TComplaintPage>('/complaints/authority', {
            query: { page: 1, pageSize: 1, incident: id, status },
            signal,
          }),
        ),
      );
      return counts.reduce((sum, page) => sum + page.count, 0);
    },
    enabled,
  });

/**
 * A group's complaints as the authority's list has them (the newest 100 in scope: a group is of the
 * last day), so that the Declare form can list them; ids not among them are answered as `more`.
 */
export const useComplaintsOf = (ids: readonly number[], enabled: boolean) =>
  useQuery({
    queryKey: [...COMPLAINT_KEYS_ALL, 'incident-group', ...ids] as const,
    queryFn: ({ signal }) =>
      api.get<TComplaintPage>('/complaints/authority', {
        query: { page: 1, pageSize: CANDIDATES_READ },
        signal,
      }),
    select: (page) => {
      const listed = page.data.filter((c) => ids.includes(c.id));
      return { listed, more: ids.filter((id) => !listed.some((c) => c.id === id)) };
    },
    enabled,
  });
