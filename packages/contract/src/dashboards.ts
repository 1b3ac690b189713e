// The dashboards' first view, in a module of its own: the screens and the server's shell import it, the
// home page does not (links.ts is among the files the home page loads first: scripts/size-check.mjs).

/**
 * The student dashboard's top beside its greeting (SPEC §2: "welcome, File New Complaint"), drawn by
 * the app and by the server into the shell of the dashboard it sends with a session cookie
 * (apps/server: plugins/app/dashboard-views.ts).
 */
export const STUDENT_DASHBOARD_TOP = {
  rollNumber: (rollNo: string) => `Roll number: ${rollNo}`,
  fileNew: 'File New Complaint',
} as const;

/**
 * The admin dashboard's quick links (SPEC §2), in order, the first drawn as the primary button: the
 * app's links, and the same as plain links in the shell of the dashboard the server sends with a
 * session cookie (apps/server: plugins/app/dashboard-views.ts), so the shell's first view takes the
 * screen's room and its warning below them does not move when the app draws.
 */
export const ADMIN_QUICK_LINKS = [
  { label: 'Post Notification', path: '/notifications' },
  { label: 'View All Complaints', path: '/view-complaints' },
  { label: 'College Complaints', path: '/view-complaints?type=College' },
  { label: 'Overdue Complaints', path: '/view-complaints?overdue=true' },
  { label: 'Reports', path: '/reports' },
  { label: 'Manage Authorities', path: '/manage-authorities' },
] as const;
