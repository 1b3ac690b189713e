import { HOSTEL_DESIGNATIONS, type TDesignation, type TRole } from './enums';

/** What a screen's heading may depend on: who is signed in. */
export interface THeadingUser {
  name: string;
  role: TRole;
  designation: TDesignation | null;
  hostelNo: number | null;
}

/** The dashboards' greeting: "Welcome, Aarav Sharma". */
export const welcomeHeading = (user: THeadingUser) => `Welcome, ${user.name}`;

/**
 * The authority's complaint list (SPEC §6): "Hostel 3 Complaints" for a hostel's clerk or warden,
 * "All Complaints" for everyone else. The Network Department is not "everyone else": SPEC's same
 * sentence gives it a list of its own, filtered to Network and Internet complaints, and leaves its
 * title open; "All Complaints" over a filtered list misled (issue 33 row 19), so it reads "Network
 * Department complaints".
 */
export const manageComplaintsHeading = (user: THeadingUser) => {
  if (user.designation && HOSTEL_DESIGNATIONS.includes(user.designation) && user.hostelNo !== null)
    return `Hostel ${user.hostelNo} Complaints`;
  if (user.designation === 'Network Department') return 'Network Department complaints';
  return 'All Complaints';
};

/**
 * The heading of each screen whose heading depends on who is signed in, by its path, for the user the
 * screen is for (undefined for anyone else: the app sends them elsewhere). The screen shows it as its
 * <h1>; the server writes it into the static shell of the page it sends with a session cookie, as it
 * writes the fixed ones (apps/web/src/config/headings.ts), so it is on screen before any script runs.
 */
export const SIGNED_IN_HEADINGS: Record<string, (user: THeadingUser) => string | undefined> = {
  '/student-dashboard': (user) => (user.role === 'student' ? welcomeHeading(user) : undefined),
  '/authority-dashboard': (user) => (user.role === 'authority' ? welcomeHeading(user) : undefined),
  '/manage-complaints': (user) => (user.role === 'authority' ? manageComplaintsHeading(user) : undefined),
};
