import { COMPLAINT_STATUS_PATH, EMBEDDED_COMPLAINT_ID, type TComplaintWithHistory } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, baseHeaders, buildUrl, mayHaveSession } from '../../../lib/api-client';
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

/** No request until there is a token to search for. */
export const useComplaint = (token: string) =>
  useQuery({ ...complaintQueryOptions(token), enabled: token !== '' });
