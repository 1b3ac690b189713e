import {
  ADMIN_QUICK_LINKS,
  FILE_COMPLAINT_PATH,
  incidentPlace,
  MSG_COMMITTEES,
  MSG_INCIDENT,
  STUDENT_DASHBOARD_TOP,
  statusColour,
  type TUser,
  welcomeHeading,
  ZOpenIncidents,
  ZPublicCommittees,
} from '@bit/contract';
import { escapeHtml } from '../../lib/page-shell';

/** A screen's first requests (contract FIRST_REQUESTS) in the order it asks them, each with the API's answer (undefined unless a 200). */
export type TScreenAnswers = { path: string; answer: unknown }[];

/**
 * The skeleton of the shell (apps/web/index.html): its heading's place (the grey bar, or the heading
 * written there: `withHeading`) and its cards. A dashboard's first view goes in its place.
 */
const SKELETON =
  /(<div class="shell-line"><\/div>|<h1 class="shell-heading">[^<]*<\/h1>)\s*(?:<div class="shell-card"><\/div>\s*)+/;

/** The cards below the first view stay as one card: the rest of the screen is still to come. */
const MORE = '<div class="shell-card"></div>';

/**
 * The student dashboard's known problems as the screen draws them (apps/web: features/incidents/
 * components/open-incidents.tsx): the card, its title, its paragraph (the screen's largest text: at the
 * same width and size it stays the page's largest paint when the app draws its own) and a line an
 * incident, without the join button, which needs the app. None when an answer is missing: the app then
 * asks, and holds the card's place meanwhile.
 */
function knownProblemsHtml(answers: TScreenAnswers): string {
  const pages = answers
    .filter((a) => a.path.startsWith('/incidents/open?'))
    .map((a) => ZOpenIncidents.safeParse(a.answer));
  if (pages.some((p) => !p.success)) return '';
  const incidents = pages.flatMap((p) => p.data?.data ?? []);
  if (incidents.length === 0) return '';
  const lines = incidents.map((i) =>
    [
      '<li><span>',
      `<b>${escapeHtml(i.title)}</b>`,
      `<span class="shell-muted"> · ${escapeHtml(MSG_INCIDENT.openLine(i.subType, incidentPlace(i), i.affected))}</span>`,
      `</span><span class="shell-pill shell-${statusColour(i.status)}">${escapeHtml(i.status)}</span></li>`,
    ].join(''),
  );
  return [
    '<div class="shell-box">',
    `<h2>${escapeHtml(MSG_INCIDENT.knownProblems)}</h2>`,
    `<p>${escapeHtml(MSG_INCIDENT.knownProblemsIntro)}</p>`,
    `<ul class="shell-lines">${lines.join('')}</ul>`,
    '</div>',
  ].join('');
}

/**
 * The admin dashboard's warning of committees without members, as the screen draws it (apps/web:
 * features/grievances/components/committees-warning.tsx) without its link button; its paragraph is the
 * screen's largest text. None when every committee has members or the answer is missing.
 */
function committeesWarningHtml(answers: TScreenAnswers): string {
  const committees = ZPublicCommittees.safeParse(
    answers.find((a) => a.path.startsWith('/committees'))?.answer,
  );
  if (!committees.success) return '';
  const names = committees.data.data.filter((c) => c.members.length === 0).map((c) => c.name);
  if (names.length === 0) return '';
  return [
    '<section class="shell-warning">',
    `<h2>${escapeHtml(MSG_COMMITTEES.noMembersTitle)}</h2>`,
    `<p>${escapeHtml(MSG_COMMITTEES.noMembers(names))}</p>`,
    `<ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`,
    '</section>',
  ].join('');
}

/** The admin dashboard's quick links, plain links that work before the app has started. */
const quickLinksHtml = () =>
  `<nav aria-label="Quick links" class="shell-links">${ADMIN_QUICK_LINKS.map(
    (link, i) =>
      `<a class="shell-button${i === 0 ? '' : ' shell-secondary'}" href="${escapeHtml(link.path)}">${escapeHtml(link.label)}</a>`,
  ).join('')}</nav>`;

/**
 * What each dashboard shows first, by its path, for the user it is for (null for anyone else: the app
 * sends them on), drawn around the shell's heading (`heading`, as the page has it): the screen's top
 * and the block whose text is its largest paint, so that block is on screen when the page arrives
 * instead of when the app has started (Lighthouse's LCP, issue 51 row 23). The same texts, in the same
 * sizes and widths as the screen's (apps/web/index.html's shell rules); every value as text.
 */
const DASHBOARD_VIEWS: Record<
  string,
  (user: TUser, answers: TScreenAnswers, heading: string) => string | null
> = {
  '/student-dashboard': (user, answers, heading) =>
    user.role === 'student'
      ? [
          '<div class="shell-top"><div>',
          heading,
          user.rollNo
            ? `<p class="shell-note">${escapeHtml(STUDENT_DASHBOARD_TOP.rollNumber(user.rollNo))}</p>`
            : '',
          '</div>',
          // a plain link: it works before the app has started
          `<a class="shell-button" href="${FILE_COMPLAINT_PATH}">${escapeHtml(STUDENT_DASHBOARD_TOP.fileNew)}</a>`,
          '</div>',
          knownProblemsHtml(answers),
          MORE,
        ].join('')
      : null,
  '/admin-dashboard': (user, answers, heading) =>
    user.role === 'admin'
      ? [
          heading,
          `<p class="shell-lead">${escapeHtml(welcomeHeading(user))}</p>`,
          quickLinksHtml(),
          committeesWarningHtml(answers),
          MORE,
        ].join('')
      : null,
};

/** The page with a dashboard's first view in place of the shell's skeleton; as it was for any other screen. */
export function withDashboardView(
  page: string,
  screen: string,
  user: TUser,
  answers: TScreenAnswers,
): string {
  const view = DASHBOARD_VIEWS[screen];
  if (!view) return page;
  return page.replace(SKELETON, (skeleton, heading: string) => view(user, answers, heading) ?? skeleton);
}
