import { EMBEDDED_COMPLAINT_ID, type TComplaintWithHistory, ZComplaintWithHistory } from '@bit/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors';
import { formatZoned } from '../../lib/zoned-time';
import { getComplaintByToken } from '../../services/complaints';
import { loadSession, readToken } from '../app/auth';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON for a <script type="application/json">: no character in it can end the element or start markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * What the static shell shows of a complaint before any script has run: the first fields of the
 * screen's details card (src/features/complaints/components/complaint-status.tsx), under its labels,
 * every value as text.
 */
export function complaintSummaryHtml(c: TComplaintWithHistory, timeZone: string): string {
  const field = (label: string, value: string, wide = false) =>
    `<div${wide ? ' class="shell-wide"' : ''}><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
  return [
    '<section class="shell-complaint">',
    `<h2>Complaint <span class="shell-mono">${escapeHtml(c.token)}</span></h2>`,
    '<dl>',
    field('Status', c.overdue ? `${c.status} (overdue)` : c.status),
    field('Type', c.type),
    field('Filed on', formatZoned(Date.parse(c.createdAt), timeZone)),
    field('Last updated', formatZoned(Date.parse(c.updatedAt), timeZone)),
    field('Description', c.description, true),
    '</dl>',
    '</section>',
  ].join('');
}

const SHELL_CARDS = /(?:<div class="shell-card"><\/div>\s*)+/;

/**
 * The status page with its complaint in it: the summary in place of the skeleton's cards, and the
 * complaint as the API answers it for the app to start from (no request of its own).
 */
export function pageWithComplaint(page: string, c: TComplaintWithHistory, timeZone: string): string | null {
  if (!SHELL_CARDS.test(page) || !page.includes('</body>')) return null;
  const data = `<script type="application/json" id="${EMBEDDED_COMPLAINT_ID}">${jsonForScript(c)}</script>`;
  return page
    .replace(SHELL_CARDS, () => complaintSummaryHtml(c, timeZone))
    .replace('</body>', () => `${data}</body>`);
}

/**
 * /complaint-status?token=… opened with a session cookie (a mail's link, a bookmark, a reload): the
 * page with the complaint in it, so a phone on slow data shows it as soon as the page arrives
 * instead of after the app's code and a request more (issue 19). The same complaint the API
 * answers, by the same rule (services/complaints/lookup.ts); null, for the page as built, when there
 * is no session, no token, no complaint this user may see, or the read fails.
 */
export async function statusPageFor(request: FastifyRequest, page: string): Promise<string | null> {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  // as the app reads it: the first token=, trimmed
  const token = (new URLSearchParams(query).get('token') ?? '').trim();
  if (!token || token.length > 64 || !readToken(request)) return null;
  try {
    const session = await loadSession(request);
    if (!session) return null;
    const { ctx } = request.server;
    const complaint = ZComplaintWithHistory.parse(await getComplaintByToken(ctx, session.user, token));
    return pageWithComplaint(page, complaint, ctx.config.timeZone);
  } catch (err) {
    // not found is an answer (the app says so); anything else still serves the page as built
    if (!(err instanceof HttpError)) request.log.warn({ err }, 'status page: complaint not embedded');
    return null;
  }
}
