import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { RootLayout } from './layout/root-layout';
import { ShellFallback } from './layout/shell-fallback';
import { withChunkRetry } from './retrying-routes';
import { ErrorPage } from './routes/error';

/**
 * Every screen of the app. To add one: create src/app/routes/<name>.tsx exporting `Component`,
 * add its path to src/config/paths.ts, and add one line in the right group below. Routes load lazily.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // index.html's static shell, while the first screen's code loads
    hydrateFallbackElement: <ShellFallback />,
    children: [
      {
        // errors render inside the shell, with the navigation bar and footer
        errorElement: <ErrorPage />,
        children: [
          // open to all
          { path: paths.home, lazy: () => import('./routes/home') },
          { path: paths.team, lazy: () => import('./routes/team') },
          { path: paths.studentLogin, lazy: () => import('./routes/auth/student-login') },
          { path: paths.studentSignup, lazy: () => import('./routes/auth/student-signup') },
          { path: paths.verifyEmail, lazy: () => import('./routes/auth/verify-email') },
          { path: paths.authorityLogin, lazy: () => import('./routes/auth/authority-login') },
          { path: paths.authoritySignup, lazy: () => import('./routes/auth/authority-signup') },
          { path: paths.adminLogin, lazy: () => import('./routes/auth/admin-login') },
          { path: paths.forgotPassword, lazy: () => import('./routes/auth/forgot-password') },
          { path: paths.resetPassword, lazy: () => import('./routes/auth/reset-password') },
          { path: paths.studentNotifications, lazy: () => import('./routes/student-notifications') },
          { path: paths.grievanceRedressal, lazy: () => import('./routes/grievance-redressal') },

          // students only
          {
            element: <ProtectedRoute roles={['student']} />,
            children: [
              { path: paths.studentDashboard, lazy: () => import('./routes/student-dashboard') },
              { path: paths.fileComplaint, lazy: () => import('./routes/file-complaint') },
              { path: paths.feedback, lazy: () => import('./routes/feedback') },
              { path: paths.profile, lazy: () => import('./routes/profile') },
              // CONTRACT 7.2: the student's grievance form
              { path: paths.newGrievance, lazy: () => import('./routes/new-grievance') },
            ],
          },

          // authorities only
          {
            element: <ProtectedRoute roles={['authority']} />,
            children: [
              { path: paths.authorityDashboard, lazy: () => import('./routes/authority-dashboard') },
              { path: paths.manageComplaints, lazy: () => import('./routes/manage-complaints') },
              { path: paths.authoritySettings, lazy: () => import('./routes/authority-settings') },
              // CONTRACT 7.2: a committee member's grievances (an admin sees no grievance's content)
              { path: paths.grievances, lazy: () => import('./routes/grievances') },
            ],
          },

          // admins only
          {
            element: <ProtectedRoute roles={['admin']} />,
            children: [
              { path: paths.adminDashboard, lazy: () => import('./routes/admin-dashboard') },
              { path: paths.viewComplaints, lazy: () => import('./routes/view-complaints') },
              { path: paths.reports, lazy: () => import('./routes/reports') },
              { path: paths.manageAuthorities, lazy: () => import('./routes/manage-authorities') },
              { path: paths.auditLog, lazy: () => import('./routes/audit-log') },
              { path: paths.adminSettings, lazy: () => import('./routes/admin-settings') },
              { path: paths.manageCommittees, lazy: () => import('./routes/manage-committees') },
              { path: paths.holidays, lazy: () => import('./routes/holidays') },
            ],
          },

          // every role: the complaint's page, shown to whoever the server lets see the complaint
          {
            element: <ProtectedRoute roles={['student', 'authority', 'admin']} />,
            children: [{ path: paths.complaintStatus, lazy: () => import('./routes/complaint-status') }],
          },

          // a grievance's page: its student and its committee's members (CONTRACT 7.2), never an admin
          {
            element: <ProtectedRoute roles={['student', 'authority']} />,
            children: [{ path: paths.grievance, lazy: () => import('./routes/grievance') }],
          },

          // admins and authorities
          {
            element: <ProtectedRoute roles={['admin', 'authority']} />,
            children: [
              { path: paths.notifications, lazy: () => import('./routes/notifications') },
              { path: paths.twoStepSignIn, lazy: () => import('./routes/two-step-sign-in') },
              // admins; a hostel's clerk and warden for its rooms (the page tells anyone else)
              { path: paths.stickers, lazy: () => import('./routes/stickers') },
              { path: paths.incidents, lazy: () => import('./routes/incidents') },
              { path: paths.incident, lazy: () => import('./routes/incident') },
              { path: paths.savedReplies, lazy: () => import('./routes/saved-replies') },
              // admins; a hostel's clerk for its complaints (the page tells anyone else)
              { path: paths.deskFiling, lazy: () => import('./routes/desk-filing') },
            ],
          },

          // anything else: the error page's 404, with the way home
          {
            path: '*',
            Component: () => null,
            loader: () => {
              throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
            },
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  // a screen whose code fails to load (offline, a new deployment) says so with Retry, never the crash page
  return createBrowserRouter(withChunkRetry(routes));
}
