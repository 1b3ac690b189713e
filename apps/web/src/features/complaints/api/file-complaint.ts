import type { TComplaintPage, TFileComplaintRequest, TFileComplaintResponse } from '@bit/contract';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isNoAnswer } from '../../../lib/saved-copies';
import { complaintKeys } from './keys';

type TFiled = TFileComplaintResponse;

export const fileComplaint = (body: TFileComplaintRequest) => api.post<TFiled>('/complaints', body);

/** One filing the student asked for: what to send, and since when (to know it among their complaints). */
export type TFiling = { body: TFileComplaintRequest; since: number };

/** How far the device's clock may be from the server's when a filing is looked for. */
const CLOCK_SLACK_MS = 60 * 60 * 1000;

/**
 * A filing whose answer never came (the connection dropped while it was sent) may have been filed all
 * the same. Before it is sent again, the student's newest complaints are read: a Pending one with the
 * same type, problem and description, filed since the first try, is that filing. So a complaint is
 * sent again only when the server does not have it, and never filed twice.
 */
async function findFiled({ body, since }: TFiling): Promise<TFiled | null> {
  const newest = await api.get<TComplaintPage>('/complaints/student', { query: { page: 1 } });
  const same = newest.data.find(
    (c) =>
      c.status === 'Pending' &&
      c.type === body.type &&
      c.subType === body.subType &&
      c.description === body.description &&
      Date.parse(c.createdAt) >= since - CLOCK_SLACK_MS,
  );
  return same ? { token: same.token, complaint: same } : null;
}

const FILING_KEY = ['complaints', 'file'] as const;

// the filings sent at least once without an answer: each is looked for before it is sent again
const unanswered = new WeakSet<TFiling>();

async function fileOnce(filing: TFiling): Promise<TFiled> {
  if (unanswered.has(filing)) {
    const filed = await findFiled(filing);
    if (filed) return filed;
  }
  try {
    return await fileComplaint(filing.body);
  } catch (error) {
    if (isNoAnswer(error)) unanswered.add(filing);
    throw error;
  }
}

/**
 * Files a complaint; every complaint list is read again before the caller moves on. Offline it waits
 * (TanStack Query pauses it, `isPaused`) and goes when the connection is back; a try that gets no
 * answer (a flaky connection) is tried again, after 1, 2, 4… up to 30 seconds (TanStack Query's
 * delays), until one does, each time after making sure the last one was not filed (findFiled). It
 * lives in the page's memory: it goes on when the form is left for another screen, not when the tab
 * is closed. `onFiled` runs whenever it is filed, the form still shown or not.
 */
export function useFileComplaint(onFiled?: (filed: TFiled) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: FILING_KEY,
    mutationFn: fileOnce,
    retry: (_count, error) => isNoAnswer(error),
    onSuccess: (filed) => {
      onFiled?.(filed);
      return client.invalidateQueries({ queryKey: complaintKeys.all });
    },
  });
}

/** How many filings are under way in this tab (one may wait offline, its form long left). */
export const useFilingsUnderWay = () => useIsMutating({ mutationKey: FILING_KEY });
