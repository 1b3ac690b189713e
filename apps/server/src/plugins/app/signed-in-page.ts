import {
  COMPLAINT_STATUS_PATH,
  complaintRequest,
  EMBEDDED_ANSWERS_ID,
  FIRST_REQUESTS,
  FIRST_REQUESTS_OF_EVERY_SCREEN,
  SESSION_REQUEST,
  SIGNED_IN_HEADINGS,
  type TComplaintWithHistory,
  type TFirstRequestsUser,
  tokenInAddress,
  ZCheckAuthResponse,
  ZComplaintPage,
  ZComplaintWithHistory,
  ZNotificationPage,
} from '@bit/contract';
import type { FastifyRequest } from 'fastify';
import { escapeHtml, withHeading } from '../../lib/page-shell';
import { formatZoned } from '../../lib/zoned-time';
import { readToken } from './cookies';
import { type TScreenAnswers, withDashboardView } from './dashboard-views';

/** The skeleton's cards (apps/web/index.html), where a summary of the screen's data goes. */
const SHELL_CARDS = /(?:<div class="shell-card"><\/div>\s*)+/;

/** JSON for a <script type="application/json">: no character in it can end the element or start markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const withJson = (page: string, id: string, value: unknown) =>
  page.replace(
    '</body>',
    () => `<script type="application/json" id="${id}">${jsonForScript(value)}</script></body>`,
  );

/**
 * What the static shell shows of a complaint before any script has run: the first fields of the
 * screen's details card (apps/web: features/complaints/components/complaint-status.tsx), under its
 * labels, every value as text.
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

/** As many of a list's first entries as the shell shows: a screenful on a phone, not the page. */
const SUMMARY_ENTRIES = 5;

/**
 * What the shell shows of a list screen's first page before any script runs, from the API's answer
 * the page carries (firstAnswers): a complaint's token, status, problem, place and description; a
 * notice's title, date and text. Every value as text. The screen draws its own list over it.
 */
const LIST_SUMMARIES: Record<string, (answer: unknown, timeZone: string) => string | null> = {
  '/manage-complaints': complaintsSummaryHtml,
  '/view-complaints': complaintsSummaryHtml,
  '/student-notifications': noticesSummaryHtml,
  '/notifications': noticesSummaryHtml,
};

function complaintsSummaryHtml(answer: unknown, timeZone: string): string | null {
  const page = ZComplaintPage.safeParse(answer);
  if (!page.success || page.data.data.length === 0) return null;
  const items = page.data.data.slice(0, SUMMARY_ENTRIES).map((c) => {
    const place =
      c.hostelNo !== null ? `Hostel ${c.hostelNo}${c.roomNo ? `, room ${c.roomNo}` : ''}` : c.type;
    return [
      '<li>',
      `<p class="shell-item-head"><span class="shell-mono">${escapeHtml(c.token)}</span>`,
      `<span>${escapeHtml(c.overdue ? `${c.status} (overdue)` : c.status)}</span></p>`,
      `<p>${escapeHtml(`${c.subType} · ${place}`)}</p>`,
      `<p class="shell-text">${escapeHtml(c.description)}</p>`,
      `<p class="shell-small">Filed ${escapeHtml(formatZoned(Date.parse(c.createdAt), timeZone))}</p>`,
      '</li>',
    ].join('');
  });
  return `<ul class="shell-list">${items.join('')}</ul>`;
}

function noticesSummaryHtml(answer: unknown, timeZone: string): string | null {
  const page = ZNotificationPage.safeParse(answer);
  if (!page.success || page.data.data.length === 0) return null;
  const items = page.data.data
    .slice(0, SUMMARY_ENTRIES)
    .map((n) =>
      [
        '<li>',
        `<p class="shell-item-title">${escapeHtml(n.title)}</p>`,
        `<p class="shell-small">${escapeHtml(formatZoned(Date.parse(n.createdAt), timeZone))}</p>`,
        `<p class="shell-text">${escapeHtml(n.message)}</p>`,
        '</li>',
      ].join(''),
    );
  // the notice's own look (apps/web: notice-item.tsx): its text as large as the screen's
  return `<ul class="shell-list shell-notices">${items.join('')}</ul>`;
}

/**
 * One GET of the API, asked of this server in process with the session as a bearer token, so the
 * answer is the API's own, through the same rules, hooks and schemas; undefined unless it is a 200
 * (the app then asks, and handles the answer as it always does).
 */
async function askApi(request: FastifyRequest, token: string, path: string): Promise<unknown> {
  const res = await request.server.inject({
    method: 'GET',
    url: `/api${path}`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return res.statusCode === 200 ? res.json() : undefined;
}

/**
 * The request the status page makes first for its complaint: the address's token as the app reads it
 * (the contract's tokenInAddress), none without one or with one longer than any token.
 */
function statusRequest(request: FastifyRequest): string | null {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const complaintToken = tokenInAddress(query);
  return complaintToken && complaintToken.length <= 64 ? complaintRequest(complaintToken) : null;
}

/**
 * The API's answers to the requests the screen makes first, by the address the app asks them at
 * (askApi): what every screen asks, the screen's own (contract FIRST_REQUESTS; only for a screen
 * opened with no filters in its address) and on the status page its complaint (statusRequest); the
 * screen's own first answer (`main`), which its list summary is drawn from, and the screen's own
 * answers in the order it asks them (`screenAnswers`), which a dashboard's first view is drawn from.
 */
async function firstAnswers(
  request: FastifyRequest,
  screen: string,
  user: TFirstRequestsUser,
  token: string,
  answers: Record<string, unknown>,
) {
  const hasFilters = request.url.includes('?');
  const screenPaths = hasFilters ? [] : (FIRST_REQUESTS[screen]?.(user) ?? []);
  const complaintPath = screen === COMPLAINT_STATUS_PATH ? statusRequest(request) : null;
  const paths = [
    ...FIRST_REQUESTS_OF_EVERY_SCREEN,
    ...screenPaths,
    ...(complaintPath ? [complaintPath] : []),
  ];
  await Promise.all(
    paths.map(async (path) => {
      const answer = await askApi(request, token, path);
      if (answer !== undefined) answers[`/api${path}`] = answer;
    }),
  );
  const main = screenPaths[0];
  const complaint = complaintPath
    ? ZComplaintWithHistory.safeParse((answers[`/api${complaintPath}`] as { data?: unknown })?.data)
    : null;
  const screenAnswers: TScreenAnswers = screenPaths.map((path) => ({ path, answer: answers[`/api${path}`] }));
  return {
    main: main === undefined ? undefined : answers[`/api${main}`],
    complaint: complaint?.success ? complaint.data : null,
    screenAnswers,
  };
}

/**
 * A page of the app opened with a session cookie (a login leaves one; a mail's link, a reload or a
 * bookmark sends it): the page with what the server already knows written into it, so a phone on slow
 * data shows it when the page arrives instead of after the app's code and a round trip or two more
 * (issue 19). Its first data in one place, the page answers (contract EMBEDDED_ANSWERS_ID): the API's
 * answers to the requests the app makes first, by their address, the signed-in user (SESSION_REQUEST)
 * and on /complaint-status?token=… its complaint among them (firstAnswers). In the shell: the heading
 * of a screen whose heading names the user (contract: SIGNED_IN_HEADINGS), and in place of the
 * skeleton's cards a list screen's first entries (LIST_SUMMARIES) or the status page's complaint, or
 * in place of the skeleton a dashboard's first view (dashboard-views.ts).
 * Null, for the page as built, without a live session, for a request that is not a page load (the
 * service worker's own fetch of its shell), or when the read fails.
 */
export async function signedInPageFor(
  request: FastifyRequest,
  screen: string,
  page: string,
): Promise<string | null> {
  // a page load: the browser's own, or the service worker passing one on (which Chromium sends as
  // Sec-Fetch-Dest: empty, Sec-Fetch-Mode: navigate); not the worker's fetch of its shell (cors)
  const mode = request.headers['sec-fetch-mode'];
  const token = readToken(request);
  if (!token || (mode !== undefined && mode !== 'navigate')) return null;
  if (!page.includes('</body>')) return null;
  const { ctx } = request.server;
  try {
    // the session as check-auth answers it: none (a 401, a dead session) is the page as built
    const session = await askApi(request, token, SESSION_REQUEST);
    if (session === undefined) return null;
    const { user } = ZCheckAuthResponse.parse(session);
    const answers: Record<string, unknown> = { [`/api${SESSION_REQUEST}`]: session };
    const { main, complaint, screenAnswers } = await firstAnswers(request, screen, user, token, answers);
    let out = withJson(page, EMBEDDED_ANSWERS_ID, answers);
    const heading = SIGNED_IN_HEADINGS[screen]?.(user);
    if (heading) out = withHeading(out, heading);
    const summary = complaint
      ? complaintSummaryHtml(complaint, ctx.config.timeZone)
      : main === undefined
        ? null
        : LIST_SUMMARIES[screen]?.(main, ctx.config.timeZone);
    if (summary && SHELL_CARDS.test(out)) out = out.replace(SHELL_CARDS, () => summary);
    else out = withDashboardView(out, screen, user, screenAnswers);
    return out;
  } catch (err) {
    request.log.warn({ err }, 'signed-in page: served as built');
    return null;
  }
}
