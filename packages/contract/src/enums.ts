// Enum catalogue: one list of values, its type or a rule on it per export, read by both sides.
export const ROLES = ['student', 'authority', 'admin'] as const;
export type TRole = (typeof ROLES)[number];

export const DESIGNATIONS = ['Hostel Clerk', 'Warden', 'Network Department', 'Other'] as const;
export type TDesignation = (typeof DESIGNATIONS)[number];
/** Designations that belong to one hostel and must name it. */
export const HOSTEL_DESIGNATIONS: readonly TDesignation[] = ['Hostel Clerk', 'Warden'];

/** Where an account belongs: its department and its hostel. */
export type TAccountPlace = { department: string | null; hostelNo: number | null };

/**
 * SPEC §3: a Network Department authority belongs to department Network and to no hostel, whatever
 * its row or its form holds; anyone else where they said. The rule's one statement: the sign-up
 * schema, the server's users (toUser, the demo data) and the web's signed-in user all ask it.
 */
export function accountPlace(designation: string | null, place: TAccountPlace): TAccountPlace {
  return designation === 'Network Department' ? { department: 'Network', hostelNo: null } : place;
}

export const STUDENT_DEPARTMENTS = [
  'Computer Science',
  'Electrical',
  'Mechanical',
  'Civil',
  'Electronics',
  'Chemical',
  'Production',
  'Metallurgy',
  'Architecture',
  'Planning',
  'Pharmacy',
  'Applied Mathematics',
  'Applied Physics',
  'Applied Chemistry',
  'Management',
] as const;

export const HOSTEL_PROBLEMS = [
  'Electrical',
  'Plumbing',
  'Furniture',
  'Internet',
  'Network',
  'Cleanliness',
  'Fan',
  'Socket',
  'Bulb',
  'Window Glass',
  'Chair',
  'Other',
] as const;

export const COLLEGE_DEPARTMENTS = [
  'Electrical',
  'IT Support',
  'Housekeeping',
  'Academic',
  'Examination',
  'Library',
  'Canteen',
  'Other',
] as const;

/** Problems the Network Department handles, whatever the complaint type. */
export const NETWORK_PROBLEMS = ['Network', 'Internet'] as const;
/** College departments whose complaints the Network Department also handles (CONTRACT 5.8: campus Wi-Fi). */
export const NETWORK_COLLEGE_DEPARTMENTS = ['IT Support'] as const;

/** Whether the Network Department sees (and may update) a complaint of this type and problem. */
export function isNetworkProblem(c: { type: string; subType: string }): boolean {
  return (
    (NETWORK_PROBLEMS as readonly string[]).includes(c.subType) ||
    (c.type === 'College' && (NETWORK_COLLEGE_DEPARTMENTS as readonly string[]).includes(c.subType))
  );
}

export const COMPLAINT_TYPES = ['Hostel', 'College'] as const;
export type TComplaintType = (typeof COMPLAINT_TYPES)[number];

export const COMPLAINT_STATUSES = ['Pending', 'In Progress', 'Resolved', 'Rejected'] as const;
export type TComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const HOSTEL_MIN = 1;
export const HOSTEL_MAX = 13;
export const HOSTEL_NUMBERS = Array.from({ length: HOSTEL_MAX }, (_, i) => i + 1);
/** A room number's length, on a complaint and on a student's profile. */
export const ROOM_MAX = 20;

export const PASSWORD_MIN = 8;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
export const DESCRIPTION_MAX = 1000;
export const REMARKS_MAX = 500;
export const COMMENTS_MAX = 1000;
export const TITLE_MAX = 200;
export const MESSAGE_MAX = 5000;
export const TOAST_AUTO_CLOSE_MS = 5000;
/** At most this many toasts at once from `sm` on; on a phone one (apps/web app/layout/toast-host.tsx). */
export const TOAST_LIMIT = 3;
export const TOKEN_STORAGE_KEY = 'token';
/** STUDENT_EMAIL_DOMAIN's default (CONTRACT 2); here, with no schema beside it, so the web entry can read it without zod. */
export const DEFAULT_STUDENT_EMAIL_DOMAIN = 'bitmesra.ac.in';
