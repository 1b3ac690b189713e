import { complaintRequest, type TComplaintWithHistory } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, PAGE_ANSWERS_FRESH_MS, pageAnswer } from '../../../lib/api-client';
import { isConversationOpen } from '../components/conversation-rules';
import { complaintKeys } from './keys';

type TComplaintAnswer = { data: TComplaintWithHistory };

const getComplaint = (token: string, signal?: AbortSignal) =>
  api.get<TComplaintAnswer>(complaintRequest(token), { signal }).then((r) => r.data);

const complaintQueryOptions = (token: string) =>
  queryOptions({
    queryKey: complaintKeys.detail(token),
    queryFn: ({ signal }) => getComplaint(token, signal),
    // the status page loaded with the session cookie carries its complaint (lib/api-client.ts): drawn
    // on the screen's first render, with no loading state and no request
    initialData: () => pageAnswer<TComplaintAnswer>(complaintRequest(token))?.data,
    // the page's answer is fresh for half a minute, as a page answer is (not asked again as the screen
    // mounts); a search is always answered afresh, the status may have moved since
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? PAGE_ANSWERS_FRESH_MS : 0),
  });

/** How often a live complaint's page reads it again while the page is in view (issue 33 row 11). */
export const COMPLAINT_REFRESH_MS = 30_000;

/**
 * Every 30 s while the complaint can still change by a message or a photo: open, or closed less than 14
 * days ago (the contract's mayStillMessage). Not before a first answer (a token not found is not asked
 * again and again), nor after a refusal (out of scope now), which a later focus may lift.
 */
function refreshEvery(query: {
  state: { data: TComplaintWithHistory | undefined; error: Error | null };
}): number | false {
  const { data, error } = query.state;
  if (data === undefined) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return isConversationOpen(data) ? COMPLAINT_REFRESH_MS : false;
}

/**
 * No request until there is a token to search for. `live` (the student's and the authorities' page):
 * the complaint is read again when the tab comes back into view and every 30 s while it is in view,
 * never while it is hidden, so a reply shows without a reload. Only this query: the lists are not.
 * A refresh changes only what changed (the query's structural sharing), so nothing on the page is
 * drawn afresh: a message being typed, the focus and the scroll stay.
 */
export const useComplaint = (token: string, { live = false }: { live?: boolean } = {}) =>
  useQuery({
    ...complaintQueryOptions(token),
    enabled: token !== '',
    refetchOnWindowFocus: live,
    refetchInterval: live ? refreshEvery : false,
    refetchIntervalInBackground: false,
  });
