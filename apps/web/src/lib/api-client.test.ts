import { TOKEN_STORAGE_KEY } from '@bit/contract';
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
