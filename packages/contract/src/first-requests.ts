import { PAGE_SIZE_DEFAULT, type TRole } from './enums';

/** A page of notices, on every notice screen. */
export const NOTICE_PAGE_SIZE = 10;
/** The admin dashboard's latest feedback. */
export const RECENT_FEEDBACK_SIZE = 5;
/** The authority dashboard's latest complaints. */
export const RECENT_COMPLAINTS_SIZE = 5;

/**
 * The id of the one <script type="application/json"> in which the server hands a page opened with a
 * session cookie its first data: the API's answers to the requests the app makes first, by the
 * address the app asks them at (SESSION_REQUEST, FIRST_REQUESTS_OF_EVERY_SCREEN, the screen's
 * FIRST_REQUESTS, and on the status page complaintRequest of the address's token). The page carries
 * no other data: one writer (apps/server: plugins/app/signed-in-page.ts), one reader (apps/web:
 * lib/api-client.ts).
 */
export const EMBEDDED_ANSWERS_ID = 'page-answers';

/** The signed-in user (GET /auth/check-auth): the first request of every page, and its answer with it. */
export const SESSION_REQUEST = '/auth/check-auth';

/** What of the signed-in user a screen's first requests depend on. */
export type TFirstRequestsUser = { role: TRole; hostelNo?: number | null; approved?: boolean };

/**
 * The API GETs a screen sends as it first draws, opened with no filters in its address, for the user
 * it is for, each exactly as the app's client writes its address (path under /api, its query in the
 * order the screen sends it). The server answers them into the page it sends with a session cookie
 * (apps/server: plugins/app/signed-in-page.ts) and the client takes those answers instead of
 * asking (apps/web: lib/api-client.ts), so the screen's data is there when its code is; a browser test
 * fails when a screen asks for one of them itself (apps/web/e2e/offline-shell.spec.ts).
 */
export const FIRST_REQUESTS: Record<string, (user: TFirstRequestsUser) => string[]> = {
  '/student-dashboard': ({ role, hostelNo }) =>
    role === 'student'
      ? [
          `/complaints/student?page=1&pageSize=${PAGE_SIZE_DEFAULT}`,
          // the open incidents of their profile's hostel and of the college (CONTRACT 6.1)
          ...(hostelNo ? [`/incidents/open?type=Hostel&hostelNo=${hostelNo}`] : []),
          '/incidents/open?type=College',
          // their grievances, under the complaints (CONTRACT 7.2)
          `/grievances?page=1&pageSize=${PAGE_SIZE_DEFAULT}`,
        ]
      : [],
  '/student-notifications': ({ role }) =>
    role === 'student' ? [`/notifications/all?page=1&pageSize=${NOTICE_PAGE_SIZE}`] : [],
  '/authority-dashboard': ({ role, approved }) =>
    role === 'authority'
      ? [
          `/complaints/authority?page=1&pageSize=${RECENT_COMPLAINTS_SIZE}`,
          // what looks like one problem (CONTRACT 6.1), asked once the authority is approved
          ...(approved ? ['/incidents/groups'] : []),
        ]
      : [],
  '/manage-complaints': ({ role }) =>
    role === 'authority' ? [`/complaints/authority?page=1&pageSize=${PAGE_SIZE_DEFAULT}`] : [],
  '/notifications': ({ role }) =>
    role === 'authority' ? [`/notifications?page=1&pageSize=${NOTICE_PAGE_SIZE}`] : [],
  '/admin-dashboard': ({ role }) =>
    role === 'admin'
      ? [
          '/complaints/admin/stats',
          `/feedback?page=1&pageSize=${RECENT_FEEDBACK_SIZE}`,
          // the warning of committees without members, drawn with the page above the counts (CONTRACT 7.2)
          '/committees',
        ]
      : [],
  '/view-complaints': ({ role }) =>
    role === 'admin' ? [`/complaints/admin/all?page=1&pageSize=${PAGE_SIZE_DEFAULT}`] : [],
};

/** What every screen asks first, whoever is signed in: the server's public settings. */
export const FIRST_REQUESTS_OF_EVERY_SCREEN = ['/config'];
