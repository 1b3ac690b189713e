import { paths } from './paths';

/**
 * The heading of each screen whose heading is the same for everyone, by its key in `paths`. The screen
 * shows it as its <h1>, and the server writes it into the static shell of index.html for that path
 * (the web build's route-headings.json), so a phone on slow data shows the page's own heading before
 * any script has run instead of a grey bar. One string each, read by the build as written here.
 */
export const SHELL_HEADINGS = {
  studentLogin: 'Student Login',
  authorityLogin: 'Authority Login',
  adminLogin: 'Admin Login',
  complaintStatus: 'Track Complaint Status',
  feedback: 'Feedback',
  profile: 'Profile',
  authoritySettings: 'Settings',
  adminDashboard: 'Admin Dashboard',
  viewComplaints: 'All Complaints',
  reports: 'Reports',
  notifications: 'Notifications',
  manageAuthorities: 'Manage Authorities',
  auditLog: 'Audit log',
  adminSettings: 'Settings',
  studentNotifications: 'Notifications',
  stickers: 'QR stickers',
  deskFiling: 'File at the desk',
  grievances: 'Grievances',
  newGrievance: 'Submit a grievance',
} as const satisfies Partial<Record<keyof typeof paths, string>>;

/** The shell's heading at a path, as the server writes it into index.html (none: the grey bar). */
export function shellHeadingAt(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const key = (Object.keys(paths) as (keyof typeof paths)[]).find((k) => paths[k] === trimmed);
  return key && key in SHELL_HEADINGS ? SHELL_HEADINGS[key as keyof typeof SHELL_HEADINGS] : undefined;
}
