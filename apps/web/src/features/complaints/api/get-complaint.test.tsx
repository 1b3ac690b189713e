import { EMBEDDED_COMPLAINT_ID, TOKEN_STORAGE_KEY } from '@bit/contract';
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
  document.getElementById(EMBEDDED_COMPLAINT_ID)?.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

async function useComplaintOnce(token: string) {
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
  it('is asked for as the module loads, beside the session check, and the screen takes that answer', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
    const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    await import('./get-complaint');
    expect(calls(fetch)).toBe(1);
    const { result } = await useComplaintOnce('CMP-ABCDEFGHJK');
    await waitFor(() => expect(result.current.data).toEqual(complaint));
    expect(calls(fetch)).toBe(1);
  });

  it('is not asked for without a stored token, nor on another screen', async () => {
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
    const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    await import('./get-complaint');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    window.history.replaceState(null, '', '/student-dashboard');
    vi.resetModules();
    await import('./get-complaint');
    expect(calls(fetch)).toBe(0);
  });

  it('when it fails, the screen asks again through the client, which applies its rules', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
    const fetch = mockFetch({
      [`GET ${COMPLAINT_URL}`]: () => jsonResponse(401, { message: 'Not signed in' }),
    });
    const { result } = await useComplaintOnce('CMP-ABCDEFGHJK');
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls(fetch)).toBe(2);
    // the client's 401 rule dropped the stored token; the early request alone does not
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  /** The status page as the server sends it with a session cookie: the complaint in a JSON script. */
  function embed(json: string) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = EMBEDDED_COMPLAINT_ID;
    script.textContent = json;
    document.body.append(script);
  }

  it('starts from the complaint the server wrote into the page, with no request at all', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
    embed(JSON.stringify(complaint));
    const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    const { result } = await useComplaintOnce('CMP-ABCDEFGHJK');
    // on the first render: no loading state between the page's summary and the screen
    expect(result.current.data).toEqual(complaint);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls(fetch)).toBe(0);
    expect(document.getElementById(EMBEDDED_COMPLAINT_ID)).toBeNull();
    // a search is still answered afresh
    await result.current.refetch();
    expect(calls(fetch)).toBe(1);
  });

  it("asks the server when the page's complaint is for another token or unreadable", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
    embed('{"token": "CMP-ZZ');
    const fetch = mockFetch({ [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: complaint }) });
    const { result } = await useComplaintOnce('CMP-ABCDEFGHJK');
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual(complaint));
    expect(calls(fetch)).toBe(1);
  });
});
