import { describe, expect, it } from 'vitest';
import { student, warden } from '../test/fixtures';
import { ApiError, clearStoredToken, SAVED_COPIES_KEY, storeToken } from './api-client';
import { complaintCopy, isNoAnswer, saveCopy, savedCopy, savedUser } from './saved-copies';

describe('saved copies of a student’s own reads', () => {
  it('keeps a copy with when it was read, and the student it was read for', () => {
    storeToken('tok-asha');
    const before = Date.now();
    saveCopy(student, 'mine:1:', { data: [1, 2] });
    const copy = savedCopy<{ data: number[] }>('mine:1:');
    expect(copy?.data).toEqual({ data: [1, 2] });
    expect(copy?.at).toBeGreaterThanOrEqual(before);
    expect(savedUser()).toEqual(student);
    // not the token itself
    expect(localStorage.getItem(SAVED_COPIES_KEY)).not.toContain('tok-asha');
  });

  it('keeps nothing for an authority: their lists are other people’s complaints', () => {
    storeToken('tok-rao');
    saveCopy(warden, 'mine:1:', { data: [] });
    expect(localStorage.getItem(SAVED_COPIES_KEY)).toBeNull();
    expect(savedUser()).toBeNull();
  });

  it('goes with the token at logout (or a 401), and at the next sign-in', () => {
    storeToken('tok-asha');
    saveCopy(student, 'mine:1:', { data: [] });
    clearStoredToken();
    expect(localStorage.getItem(SAVED_COPIES_KEY)).toBeNull();

    storeToken('tok-asha');
    saveCopy(student, 'mine:1:', { data: [] });
    storeToken('tok-next-student');
    expect(localStorage.getItem(SAVED_COPIES_KEY)).toBeNull();
    expect(savedCopy('mine:1:')).toBeNull();
  });

  it('reads no copy kept for another token, however the token was changed', () => {
    storeToken('tok-asha');
    saveCopy(student, complaintCopy('CMP-1'), { token: 'CMP-1' });
    // a token written without storeToken (another tab, a test's init script)
    localStorage.setItem('token', 'tok-someone-else');
    expect(savedCopy(complaintCopy('CMP-1'))).toBeNull();
    expect(savedUser()).toBeNull();
    localStorage.removeItem('token');
    expect(savedUser()).toBeNull();
  });

  it('keeps the ten complaint pages read last', () => {
    storeToken('tok-asha');
    for (let i = 1; i <= 12; i++) saveCopy(student, complaintCopy(`CMP-${i}`), { i });
    saveCopy(student, 'mine:1:', { data: [] });
    expect(savedCopy(complaintCopy('CMP-1'))).toBeNull();
    expect(savedCopy(complaintCopy('CMP-2'))).toBeNull();
    expect(savedCopy(complaintCopy('CMP-3'))).not.toBeNull();
    expect(savedCopy(complaintCopy('CMP-12'))).not.toBeNull();
    expect(savedCopy('mine:1:')).not.toBeNull();
  });

  it('stands in only for no answer at all, never for an answer of the server', () => {
    expect(isNoAnswer(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNoAnswer(new ApiError(502, null))).toBe(false);
    expect(isNoAnswer(new ApiError(401, 'Not signed in'))).toBe(false);
  });
});
