import { exportFileName, TOKEN_STORAGE_KEY } from '@bit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackFileName } from '../components/export-csv-link';
import { jsonResponse, mockFetch } from '../test/utils';
import { ApiError } from './api-client';
import { attachmentName, downloadFile } from './download';

const URL_ = '/api/complaints/admin/export.csv?hostelNo=3&overdue=true';

/** The links the page followed: their href and download name, as written. */
function followedLinks() {
  const links: Array<{ href: string | null; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.getAttribute('href'), download: this.download });
  });
  return links;
}

// jsdom has no object URLs: given for these tests, and taken away after
const objectUrls = { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} };
beforeEach(() => {
  Object.assign(URL, objectUrls);
});

afterEach(() => {
  for (const name of Object.keys(objectUrls)) Reflect.deleteProperty(URL, name);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('downloadFile', () => {
  it('lets the browser follow the link itself when the session cookie opens a session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const links = followedLinks();
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: {} }) });
    await downloadFile(URL_, 'complaints.csv');
    expect(links).toEqual([{ href: URL_, download: '' }]);
    // the one request asked with the cookie alone: the file itself was not read by the page
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0]!;
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(init?.credentials).toBe('include');
  });

  it('fetches with the stored token and saves the file when the cookie is gone', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const links = followedLinks();
    const fetch = mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, { message: 'Not signed in' }),
      'GET /api/complaints/admin/export.csv': () =>
        new Response('\uFEFFtoken,type\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="complaints-2025-01-31.csv"',
          },
        }),
    });
    await downloadFile(URL_, 'fallback.csv');
    expect(links).toEqual([{ href: 'blob:csv', download: 'complaints-2025-01-31.csv' }]);
    const [url, init] = fetch.mock.calls[1]!;
    expect(String(url)).toBe(URL_);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    // the probe's 401 is not a sign-out
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });

  it("fails with the server's message when the export is refused", async () => {
    const links = followedLinks();
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'GET /api/complaints/admin/export.csv': () =>
        jsonResponse(400, { message: 'overdue must be true or false' }),
    });
    const failure = downloadFile(URL_, 'x.csv');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('overdue must be true or false');
    expect(links).toEqual([]);
  });

  it("saves under the contract's name when the answer names none", () => {
    expect(fallbackFileName('2025-01-31')).toBe(exportFileName('2025-01-31'));
    for (const period of [
      { from: '2025-01-01', to: '2025-01-31' },
      { from: '2025-01-01' },
      { to: '2025-01-31' },
    ]) {
      expect(fallbackFileName('2025-02-03', period)).toBe(exportFileName('2025-02-03', period));
    }
    expect(exportFileName('2026-11-30', { from: '2026-11-01', to: '2026-11-29' })).toBe(
      'complaints-2026-11-01-to-2026-11-29.csv',
    );
  });

  it("reads the file's name from Content-Disposition", () => {
    expect(attachmentName('attachment; filename="complaints-2025-01-31.csv"')).toBe(
      'complaints-2025-01-31.csv',
    );
    expect(attachmentName('attachment; filename=a.csv')).toBe('a.csv');
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName(null)).toBeUndefined();
  });
});
