import { EMBEDDED_ANSWERS_ID, SESSION_REQUEST, TOKEN_STORAGE_KEY } from '@bit/contract';

/** The one API client: same-origin '/api', cookies sent, bearer token when stored, JSON in and out. */
const API_BASE = '/api';

type TFieldError = { field: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly errors: TFieldError[];
  /** The server's `message`, or null when the answer carried none (proxy error, network page). */
  readonly serverMessage: string | null;
  /** A 429's `Retry-After`, in seconds, when the answer gave one (issue 51 row 10: the wait, said). */
  retryAfter: number | null = null;

  constructor(status: number, message: string | null, errors: TFieldError[] = []) {
    super(message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.serverMessage = message;
  }
}

/** Calls whose 401 means "wrong credentials" (or a login's expired second step) and must not sign the visitor out. */
const LOGIN_PATHS = ['/auth/student-login', '/auth/authority-login', '/auth/admin-login', '/auth/two-factor'];

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether there may be a session to check. Every sign-in in this app stores its token (the session
 * cookie, set beside it, ends with the browser or after 30 days; the token is dropped at logout and on
 * any 401), so a browser without one has no session that GET /auth/check-auth could find: a visitor is
 * anonymous without asking, and their console shows no 401 (apps/web/README.md, Session).
 */
export function mayHaveSession(): boolean {
  return getStoredToken() !== null;
}

/**
 * Where lib/saved-copies.ts keeps the signed-in student's own reads for offline use. They live exactly
 * as long as the stored token: dropped with it (logout, a 401) and at every sign-in, so no one's data
 * reaches the next person on a shared computer.
 */
export const SAVED_COPIES_KEY = 'saved-copies';

export function storeToken(token: string) {
  // another session from here on: nothing the page carried for the one before is answered
  pageAnswers.clear();
  localStorage.removeItem(SAVED_COPIES_KEY);
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken() {
  pageAnswers.clear();
  try {
    localStorage.removeItem(SAVED_COPIES_KEY);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** SPEC §4: a 401 on an ordinary call sends the browser to /. */
export function leaveForHome() {
  if (window.location.pathname !== '/') window.location.assign('/');
}

let onUnauthorized = leaveForHome;

/** Replaces what a 401 on an ordinary call does, after the token is dropped. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export type TQuery = Record<string, string | number | boolean | null | undefined>;

type TRequestOptions = {
  body?: unknown;
  query?: TQuery;
  signal?: AbortSignal;
};

/** The address of an API path, with the query's non-empty values. */
export function buildUrl(path: string, query?: TQuery) {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** What every call sends: JSON accepted, and the stored token as a bearer. */
export function baseHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** The error of a refused call; a 401 applies SPEC §4's rule on the way (see LOGIN_PATHS). */
export function refusal(path: string, status: number, data: unknown): ApiError {
  if (status === 401) {
    const cleanPath = path.split('?')[0] ?? path;
    if (cleanPath === SESSION_REQUEST) {
      clearStoredToken();
    } else if (!LOGIN_PATHS.includes(cleanPath)) {
      clearStoredToken();
      onUnauthorized();
    }
  }
  const payload = (data && typeof data === 'object' ? data : {}) as {
    message?: unknown;
    errors?: TFieldError[];
  };
  const message = typeof payload.message === 'string' && payload.message ? payload.message : null;
  return new ApiError(status, message, Array.isArray(payload.errors) ? payload.errors : []);
}

/** A body as the server sent it: JSON when it parses, else the text, null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The page's first data (contract EMBEDDED_ANSWERS_ID): the API's answers the server put into a page
 * loaded with the session cookie, by address: the session (check-auth), what the screen asks first
 * (contract FIRST_REQUESTS) and the status page's complaint. The one reader of it: read as this module
 * loads; each is taken once, by the first GET of its address, within the page's first half minute, and
 * only while the session it was read for is the one signed in (a sign-in or a logout drops them all).
 * Later requests always go to the server.
 */
export const PAGE_ANSWERS_FRESH_MS = 30_000;
const pageAnswers: Map<string, unknown> = (() => {
  const element = document.getElementById(EMBEDDED_ANSWERS_ID);
  element?.remove();
  try {
    const parsed: unknown = JSON.parse(element?.textContent || '{}');
    return new Map(parsed && typeof parsed === 'object' ? Object.entries(parsed) : []);
  } catch {
    return new Map();
  }
})();

/**
 * The page's answer to a GET of this path and query, taken (the next GET of it asks the server), or
 * undefined. `api.get` asks it first; a screen that must draw its data on its first render, before a
 * promise could settle (the session, the status page's complaint), takes it here as that GET would.
 */
export function pageAnswer<T>(path: string, query?: TQuery): T | undefined {
  const url = buildUrl(path, query);
  if (!pageAnswers.has(url)) return undefined;
  const answer = pageAnswers.get(url);
  pageAnswers.delete(url);
  return mayHaveSession() && performance.now() < PAGE_ANSWERS_FRESH_MS ? (answer as T) : undefined;
}

async function request<T>(method: string, path: string, options: TRequestOptions = {}): Promise<T> {
  if (method === 'GET') {
    const fromPage = pageAnswer<T>(path, options.query);
    if (fromPage !== undefined) return fromPage;
  }
  const headers = baseHeaders();

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const res = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  const data = parseBody(await res.text());
  if (!res.ok) {
    const error = refusal(path, res.status, data);
    const wait = Number(res.headers.get('Retry-After') ?? '');
    if (res.headers.has('Retry-After') && Number.isFinite(wait) && wait >= 0)
      error.retryAfter = Math.ceil(wait);
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: TRequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: TRequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: TRequestOptions) => request<T>('DELETE', path, options),
};

/** The server's message when there is one, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
