import { COMPLAINT_STATUS_PATH, type TRole } from '@bit/contract';

/** Every route path of the app, in one place. */
export const paths = {
  home: '/',
  team: '/team',
  studentLogin: '/student-login',
  studentSignup: '/student-signup',
  verifyEmail: '/verify-email',
  authorityLogin: '/authority-login',
  authoritySignup: '/authority-signup',
  adminLogin: '/admin-login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  studentDashboard: '/student-dashboard',
  // the build reads this one as written (route preloads); the contract's FILE_COMPLAINT_PATH is the same
  fileComplaint: '/file-complaint',
  complaintStatus: COMPLAINT_STATUS_PATH,
  feedback: '/feedback',
  profile: '/profile',
  authorityDashboard: '/authority-dashboard',
  manageComplaints: '/manage-complaints',
  authoritySettings: '/authority-settings',
  adminDashboard: '/admin-dashboard',
  viewComplaints: '/view-complaints',
  reports: '/reports',
  notifications: '/notifications',
  manageAuthorities: '/manage-authorities',
  auditLog: '/audit-log',
  // issue 51 row 12: the admin's own page (email and alerts, two-step sign-in's state)
  adminSettings: '/admin-settings',
  studentNotifications: '/student-notifications',
  twoStepSignIn: '/two-step-sign-in',
  stickers: '/stickers',
  incidents: '/incidents',
  incident: '/incidents/:id',
  // CONTRACT 7.5: an authority's saved replies, an admin's shared ones
  savedReplies: '/saved-replies',
  // CONTRACT 7.5: a Hostel Clerk or an admin files for a student who came in person
  deskFiling: '/desk-filing',
  // CONTRACT 7.1, 7.2: the public grievance page, and the admin's committees and holidays
  grievanceRedressal: '/grievance-redressal',
  manageCommittees: '/manage-committees',
  holidays: '/holidays',
  // CONTRACT 7.2: a committee member's grievances, the student's form, a grievance's page; the build
  // reads these as written (route preloads): the contract's GRIEVANCES_PATH and newGrievancePath() agree
  grievances: '/grievances',
  newGrievance: '/grievances/new',
  grievance: '/grievances/:id',
} as const;

/** An incident's page (CONTRACT 6.1). */
export const incidentPath = (id: number) => `/incidents/${id}`;

export const dashboardPath: Record<TRole, string> = {
  student: paths.studentDashboard,
  authority: paths.authorityDashboard,
  admin: paths.adminDashboard,
};

export const loginPath: Record<TRole, string> = {
  student: paths.studentLogin,
  authority: paths.authorityLogin,
  admin: paths.adminLogin,
};
