import { baseHeaders, buildUrl, parseBody, refusal } from './api-client';

/** Follows a link to a file as a download: the file's name from the answer's Content-Disposition, or `name`. */
function clickDownload(href: string, name = '') {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Whether the session cookie alone (no bearer token) opens a session: the cookie is HttpOnly, so asked. */
async function cookieOpensSession(): Promise<boolean> {
  try {
    const res = await fetch(buildUrl('/auth/check-auth'), {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** The filename of an attachment's Content-Disposition, if it names one. */
export function attachmentName(disposition: string | null): string | undefined {
  return disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
}

/**
 * Downloads a file the API serves only to a signed-in user, however large (the CSV export can be a
 * million rows).
 *
 * First choice: the browser follows the link itself (a plain `<a download>`), which streams the answer
 * to disk as it arrives, so the file never sits in the page's memory, and the session cookie opens
 * it. A link carries only that cookie, not the stored bearer token, and the two can part: the cookie
 * of a sign-in without "remember me" (every admin sign-in) ends with the browser, the token in
 * localStorage does not (see lib/api-image.ts). The cookie is HttpOnly, so the page asks check-auth
 * with the cookie alone (one small request) before following the link. When the cookie opens no
 * session, the file is fetched with the token and handed to the browser as a Blob: that holds the
 * whole file in memory (a few hundred megabytes for a million rows) until it is saved, the price of a
 * session that has lost its cookie, and still better than a download that fails.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  if (await cookieOpensSession()) {
    clickDownload(url);
    return;
  }
  const headers = baseHeaders();
  headers.set('Accept', 'text/csv, */*');
  const res = await fetch(url, { headers, credentials: 'include' });
  if (!res.ok) throw refusal(url.replace(/^\/api/, ''), res.status, parseBody(await res.text()));
  const objectUrl = URL.createObjectURL(await res.blob());
  clickDownload(objectUrl, attachmentName(res.headers.get('content-disposition')) ?? fallbackName);
  // revoked once the browser has surely taken the file: revoking at once can cancel the save
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
