/**
 * Addresses of the web app's screens that other places link to: the server's mails and the web app's
 * own links build them here, so a mail's link and the screen's route cannot drift apart.
 */
export const COMPLAINT_STATUS_PATH = '/complaint-status';

/** The screen that shows one complaint by its token (SPEC's /complaint-status?token=…). */
export const complaintStatusPath = (token: string) =>
  `${COMPLAINT_STATUS_PATH}?token=${encodeURIComponent(token)}`;

export const FEEDBACK_PATH = '/feedback';

/** The filing form; a QR sticker's address fills it (stickers.ts, CONTRACT 6.4). */
export const FILE_COMPLAINT_PATH = '/file-complaint';

/** The feedback screen with one resolved complaint chosen: "Rate this resolution" (the Resolved mail, the web). */
export const rateComplaintPath = (token: string) => `${FEEDBACK_PATH}?token=${encodeURIComponent(token)}`;

/** The authority's and the admin's dashboards: where a push about many complaints (a digest, an escalation) opens. */
export const AUTHORITY_DASHBOARD_PATH = '/authority-dashboard';
export const ADMIN_DASHBOARD_PATH = '/admin-dashboard';
