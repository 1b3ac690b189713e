import { EMBEDDED_ANSWERS_ID, TOKEN_STORAGE_KEY } from '@bit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/utils';

const complaint = { token: 'CMP-ABCDEFGHJK', description: 'The fan is broken' };
const COMPLAINT_URL = '/api/complaints/CMP-ABCDEFGHJK';

// each test loads the module afresh, as a page load does
beforeEach(() => vi.resetModules());
afterEach(() => {
  for (const id of [EMBEDDED_ANSWERS_ID, 'complaint-data']) document.getElementById(id)?.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

async function renderComplaintQuery(token: string) {
  // the module is imported afresh here, so the hook is a value renderHook calls, not a component's hook
  const complaintQuery = (await import('./get-complaint')).useComplaint;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => complaintQuery(token), { wrapper });
}

const calls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith(COMPLAINT_URL)).length;

describe('the complaint a page load opens', () => {
  /** A JSON script as the server writes one into the page. */
  function embed(id: string, json: string) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = json;
    document.body.append(script);
  }
  /** The status page as the server sends it with a session cookie: its complaint among the page answers. */
  const embedAnswers = (answers: Record<string, unknown>) =>
    embed(EMBEDDED_ANSWERS_ID, JSON.stringify(answers));

  beforeEach(() => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
  });

  it('starts from the complaint the page answers carry for its address, with no request at all', async () => {
    embedAnswers({ [COMPLAINT_URL]: { data: complaint } });
    const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    const { result } = await renderComplaintQuery('CMP-ABCDEFGHJK');
    // on the first render: no loading state between the page's summary and the screen
    expect(result.current.data).toEqual(complaint);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls(fetch)).toBe(0);
    expect(document.getElementById(EMBEDDED_ANSWERS_ID)).toBeNull();
    // a search is still answered afresh
    await result.current.refetch();
    expect(calls(fetch)).toBe(1);
  });

  it('has no channel of its own: no request as its module loads, and no complaint but the page answers', async () => {
    // the second and third ways the complaint once came: an early request of this module, and a
    // script of its own in the page
    const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    await import('./get-complaint');
    expect(fetch).not.toHaveBeenCalled();
    vi.resetModules();
    embed('complaint-data', JSON.stringify(complaint));
    const { result } = await renderComplaintQuery('CMP-ABCDEFGHJK');
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual(complaint));
    expect(calls(fetch)).toBe(1);
  });

  it("asks the server when the page answers are for another complaint's address or unreadable", async () => {
    for (const page of [
      JSON.stringify({ '/api/complaints/CMP-ZZZZZZZZZZ': { data: complaint } }),
      '{"/api/comp',
    ]) {
      vi.resetModules();
      document.getElementById(EMBEDDED_ANSWERS_ID)?.remove();
      embed(EMBEDDED_ANSWERS_ID, page);
      const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
      const { result, unmount } = await renderComplaintQuery('CMP-ABCDEFGHJK');
      expect(result.current.data).toBeUndefined();
      await waitFor(() => expect(result.current.data).toEqual(complaint));
      expect(calls(fetch)).toBe(1);
      unmount();
    }
  });

  it("is not taken from the page without a stored token (a logout) nor after the page's first half minute", async () => {
    embedAnswers({ [COMPLAINT_URL]: { data: complaint } });
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    const first = await renderComplaintQuery('CMP-ABCDEFGHJK');
    expect(first.result.current.data).toBeUndefined();
    first.unmount();

    vi.resetModules();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    embedAnswers({ [COMPLAINT_URL]: { data: complaint } });
    const now = vi.spyOn(performance, 'now').mockReturnValue(30_001);
    try {
      const { result } = await renderComplaintQuery('CMP-ABCDEFGHJK');
      expect(result.current.data).toBeUndefined();
    } finally {
      now.mockRestore();
    }
  });

  it("when the server refuses, the client's rules apply (a 401 drops the stored token)", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    const fetch = mockFetch({
      [`GET ${COMPLAINT_URL}`]: () => jsonResponse(401, { message: 'Not signed in' }),
    });
    const { result } = await renderComplaintQuery('CMP-ABCDEFGHJK');
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls(fetch)).toBe(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
