/**
 * The status page's address and first request, read by the web app's screens and by the server when it
 * answers that request into the page (apps/server: plugins/app/signed-in-page.ts), so both mean the same
 * complaint. A module of its own: the screens that use it load lazily, and the entry stays as small.
 */

/** One complaint by its token, as the status page asks for it (GET /complaints/:token). */
export const complaintRequest = (token: string) => `/complaints/${encodeURIComponent(token)}`;

/**
 * The complaint token a screen's address names (`?token=…` of complaintStatusPath and rateComplaintPath):
 * the first `token`, trimmed; '' when there is none. The one reading of it.
 */
export function tokenInAddress(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return (params.get('token') ?? '').trim();
}
