import type { TUser } from '@bit/contract';
import { ApiError, getStoredToken, SAVED_COPIES_KEY } from './api-client';

/**
 * The signed-in student's own reads, kept in localStorage so that offline the dashboard and the
 * complaints just seen still show, read only and marked "as of" when they were read (issue 33). Only a
 * student's, only their own (their list, their complaints' pages, their account as check-auth
 * answers it); never an authority's or an admin's, whose lists are other people's complaints.
 *
 * On a shared computer no one's copies may reach the next person (decision 20): they are bound to the
 * stored token (a digest of it is kept with them, and copies kept for another token are never read),
 * and lib/api-client.ts removes them with the token at logout and on a 401, and at every sign-in. The
 * token itself stays in the same storage as long, so they add no exposure the token does not have.
 */

export type TSavedCopy<T> = { at: number; data: T };
type TSaved = { owner: string; user: TUser; copies: Record<string, TSavedCopy<unknown>> };

/** Complaint pages kept, the newest read; the list's pages are kept as they are read. */
const COMPLAINT_PAGES_KEPT = 10;
const COMPLAINT_PAGE = 'complaint:';

/** Which session the copies belong to: a digest of its token (FNV-1a), not the token. */
function ownerOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function read(): TSaved | null {
  const token = getStoredToken();
  if (!token) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED_COPIES_KEY) ?? 'null') as TSaved | null;
    return saved?.owner === ownerOf(token) && saved.user?.role === 'student' ? saved : null;
  } catch {
    return null;
  }
}

/** Keeps `data` as the copy called `name` of the signed-in student's reads; nothing for other roles. */
export function saveCopy(user: TUser, name: string, data: unknown) {
  const token = getStoredToken();
  if (user.role !== 'student' || !token) return;
  const before = read();
  const saved: TSaved =
    before && before.user.id === user.id ? before : { owner: ownerOf(token), user, copies: {} };
  saved.user = user;
  // last in the object's order: the newest first below, whatever the clock's resolution
  delete saved.copies[name];
  saved.copies[name] = { at: Date.now(), data };
  const pages = Object.keys(saved.copies)
    .filter((key) => key.startsWith(COMPLAINT_PAGE))
    .reverse()
    .sort((a, b) => (saved.copies[b]?.at ?? 0) - (saved.copies[a]?.at ?? 0));
  for (const old of pages.slice(COMPLAINT_PAGES_KEPT)) delete saved.copies[old];
  try {
    localStorage.setItem(SAVED_COPIES_KEY, JSON.stringify(saved));
  } catch {
    // storage full or refused: no copies rather than a stale half
    try {
      localStorage.removeItem(SAVED_COPIES_KEY);
    } catch {
      // no storage at all: nothing was kept
    }
  }
}

/** The copy called `name` kept for the session signed in now, or null. */
export function savedCopy<T>(name: string): TSavedCopy<T> | null {
  return (read()?.copies[name] as TSavedCopy<T> | undefined) ?? null;
}

/** The student the copies were kept for, while the same token is stored: who is signed in offline. */
export function savedUser(): TUser | null {
  return read()?.user ?? null;
}

/** The copy's name of a complaint's page. */
export const complaintCopy = (token: string) => `${COMPLAINT_PAGE}${token}`;

/**
 * No answer at all: offline, or the connection dropped (fetch's TypeError). Any answer, a proxy's 502
 * included, is the server's to tell as before: a saved copy stands in only for no answer.
 */
export const isNoAnswer = (error: unknown) => !(error instanceof ApiError);
