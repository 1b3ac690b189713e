import { EMBEDDED_ANSWERS_ID, TOKEN_STORAGE_KEY } from '@bit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/utils';
import { ApiError, api, setUnauthorizedHandler } from './api-client';

const unauthorized = vi.fn();

beforeEach(() => {
  setUnauthorizedHandler(unauthorized);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
});

afterEach(() => {
  unauthorized.mockReset();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the stored token as a bearer header, with cookies, as JSON', async () => {
    const fetch = mockFetch({ 'POST /api/things': () => jsonResponse(201, { ok: true }) });
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(init?.body).toBe('{"a":1}');
  });

  it("throws an ApiError carrying the server's message and field errors", async () => {
    mockFetch({
      'GET /api/things': () =>
        jsonResponse(400, { message: 'Bad', errors: [{ field: 'a', message: 'Bad' }] }),
    });
    const error = await api.get('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Bad', errors: [{ field: 'a', message: 'Bad' }] });
  });

  it('drops the token and leaves for the home page on a 401 from an ordinary call', async () => {
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(401, { message: 'Please log in' }) });
    await expect(api.get('/complaints/student')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('only drops the token on a 401 from check-auth', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: 'Please log in' }) });
    await expect(api.get('/auth/check-auth')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('keeps the visitor in place on a 401 from a login', async () => {
    mockFetch({
      'POST /api/auth/authority-login': () => jsonResponse(401, { message: 'Invalid credentials' }),
    });
    await expect(api.post('/auth/authority-login', {})).rejects.toMatchObject({
      message: 'Invalid credentials',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe("the page's own answers (a page loaded with the session cookie)", () => {
  /** The client as loaded on a page that carries the server's answers. */
  async function loadOnPage(answers: Record<string, unknown>) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = EMBEDDED_ANSWERS_ID;
    script.textContent = JSON.stringify(answers);
    document.body.append(script);
    vi.resetModules();
    return import('./api-client');
  }
  const list = { data: [{ token: 'CMP-ABCDEFGHJK' }], total: 1 };

  it('answers the first GET of an address from the page, and asks the server after that', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/student': () => jsonResponse(200, { data: [], total: 0 }),
    });
    const client = (await loadOnPage({ '/api/complaints/student?page=1&pageSize=20': list })).api;
    expect(document.getElementById(EMBEDDED_ANSWERS_ID)).toBeNull();
    await expect(client.get('/complaints/student', { query: { page: 1, pageSize: 20 } })).resolves.toEqual(
      list,
    );
    expect(fetch).not.toHaveBeenCalled();
    await expect(client.get('/complaints/student', { query: { page: 1, pageSize: 20 } })).resolves.toEqual({
      data: [],
      total: 0,
    });
    // another address is asked of the server from the start
    await client.get('/complaints/student', { query: { page: 2, pageSize: 20 } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hands an answer to a first render as it would to the first GET: once, then the server is asked', async () => {
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: { id: 2 } }) });
    const loaded = await loadOnPage({ '/api/auth/check-auth': { user: { id: 1 } } });
    expect(loaded.pageAnswer('/auth/check-auth')).toEqual({ user: { id: 1 } });
    expect(loaded.pageAnswer('/auth/check-auth')).toBeUndefined();
    await expect(loaded.api.get('/auth/check-auth')).resolves.toEqual({ user: { id: 2 } });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('never answers from the page once the token is gone', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/student': () => jsonResponse(401, { message: 'Not signed in' }),
    });
    const client = (await loadOnPage({ '/api/complaints/student?page=1&pageSize=20': list })).api;
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    await expect(
      client.get('/complaints/student', { query: { page: 1, pageSize: 20 } }),
    ).rejects.toBeInstanceOf(Error);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers nothing from the page once someone else signs in on it, nor after its first half minute', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/student': () => jsonResponse(200, { data: [], total: 0 }),
    });
    const loaded = await loadOnPage({ '/api/complaints/student?page=1&pageSize=20': list });
    loaded.storeToken('another-session');
    await expect(
      loaded.api.get('/complaints/student', { query: { page: 1, pageSize: 20 } }),
    ).resolves.toEqual({
      data: [],
      total: 0,
    });
    const later = await loadOnPage({ '/api/complaints/student?page=1&pageSize=20': list });
    const now = vi.spyOn(performance, 'now').mockReturnValue(30_001);
    await later.api.get('/complaints/student', { query: { page: 1, pageSize: 20 } });
    now.mockRestore();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
