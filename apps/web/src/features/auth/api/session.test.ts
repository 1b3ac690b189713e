import { TOKEN_STORAGE_KEY } from '@bit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/utils';

// test/utils imports AuthProvider and with it this module: each test loads it afresh
beforeEach(() => vi.resetModules());
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const user = { id: 1, name: 'Asha', email: 'asha@bitmesra.ac.in', role: 'student' };

describe('the session check of a page load', () => {
  it('is sent as the module loads when a token is stored, and the first check takes its answer', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user }) });
    const { checkAuth } = await import('./session');
    // before anything asked: the round trip overlaps the first render
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(checkAuth()).resolves.toEqual({ user });
    expect(fetch).toHaveBeenCalledTimes(1);
    // a later check (after Retry, a logout) asks the server again
    await checkAuth();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not sent without a stored token, and a failure nobody took yet is handled', async () => {
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: 'x' }) });
    await import('./session');
    expect(fetch).not.toHaveBeenCalled();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    vi.resetModules();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { checkAuth } = await import('./session');
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(checkAuth()).rejects.toMatchObject({ status: 401 });
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
