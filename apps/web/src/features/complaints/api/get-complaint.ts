import { COMPLAINT_STATUS_PATH, EMBEDDED_COMPLAINT_ID, type TComplaintWithHistory } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, baseHeaders, buildUrl, mayHaveSession } from '../../../lib/api-client';
import { isConversationOpen } from '../components/conversation-rules';
import { complaintKeys } from './keys';

const complaintPath = (token: string) => `/complaints/${encodeURIComponent(token)}`;

/**
 * The complaint a page load opens (/complaint-status?token=…, a mail's link), asked for as this module
 * loads, beside the session check (features/auth/api/session.ts) instead of after it: on a phone's slow
 * data the complaint is on screen a round trip sooner. Only with a stored token, as the page needs a
 * session. Without the client's 401 rule (lib/api-client.ts): should this fail, the screen's own
 * request asks again and that one applies it, so a stale token still ends at the login with its reason.
 */
function askEarly(): { token: string; answer: Promise<TComplaintWithHistory> } | null {
  if (window.location.pathname !== COMPLAINT_STATUS_PATH || !mayHaveSession()) return null;
  const token = (new URLSearchParams(window.location.search).get('token') ?? '').trim();
  if (!token) return null;
  const answer = fetch(buildUrl(complaintPath(token)), {
    headers: baseHeaders(),
    credentials: 'include',
  }).then(async (res) => {
    // read to the end either way: an unread body keeps its request open
    const body = await res.text();
    if (!res.ok) throw new Error(`early complaint: ${res.status}`);
    return (JSON.parse(body) as { data: TComplaintWithHistory }).data;
  });
  // a failure nobody took is no unhandled rejection
  answer.catch(() => undefined);
  return { token, answer };
}

/**
 * The complaint the server wrote into the status page (opened with a session cookie: apps/server's
 * plugins/external/status-page.ts), as the API answers it: the screen starts from it, with no request.
 * Taken once; the element goes, so nothing reads it twice.
 */
function takeEmbedded(): { token: string; data: TComplaintWithHistory; at: number } | null {
  const element = document.getElementById(EMBEDDED_COMPLAINT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as TComplaintWithHistory;
    return typeof data?.token === 'string' ? { token: data.token, data, at: Date.now() } : null;
  } catch {
    return null;
  }
}

let embedded = takeEmbedded();
const embeddedAt = embedded?.at ?? -1;
// the page's own complaint needs no early request
let early = embedded ? null : askEarly();

// as fresh as a search just answered: not asked for again as the screen mounts
const EMBEDDED_FRESH_MS = 30_000;

const getComplaint = (token: string, signal?: AbortSignal) => {
  const started = early?.token === token ? early.answer : null;
  early = null;
  const ask = () =>
    api.get<{ data: TComplaintWithHistory }>(complaintPath(token), { signal }).then((r) => r.data);
  return started ? started.catch(ask) : ask();
};

const complaintQueryOptions = (token: string) =>
  queryOptions({
    queryKey: complaintKeys.detail(token),
    queryFn: ({ signal }) => getComplaint(token, signal),
    initialData: () => {
      const page = embedded?.token === token ? embedded : null;
      embedded = null;
      return page?.data;
    },
    initialDataUpdatedAt: () => embeddedAt,
    // a search is always answered afresh (the status may have moved since), but for the page's own
    staleTime: (query) => (query.state.dataUpdatedAt === embeddedAt ? EMBEDDED_FRESH_MS : 0),
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
