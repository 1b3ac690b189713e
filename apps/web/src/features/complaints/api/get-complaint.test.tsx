import { TOKEN_STORAGE_KEY } from '@bit/contract';
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
});
