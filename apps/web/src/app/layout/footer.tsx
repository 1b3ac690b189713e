import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/components/auth-provider';

const COLLEGE_WEBSITE = 'https://www.bitmesra.ac.in';
const CONTACT_EMAIL = 'complaints@bitmesra.ac.in';
const CONTACT_PHONE = '+91 651 227 5444';

const STUDENT_LINKS = [
  { to: paths.fileComplaint, label: 'File Complaint' },
  { to: paths.complaintStatus, label: 'Complaint Status' },
  { to: paths.feedback, label: 'Feedback' },
];

const VISITOR_LINKS = [
  { to: paths.studentLogin, label: 'Student Login' },
  { to: paths.studentSignup, label: 'Student Signup' },
  { to: paths.studentNotifications, label: 'Notifications' },
];

const linkClass =
  'inline-flex min-h-11 items-center text-brand-100 underline-offset-2 hover:text-white hover:underline';

/**
 * SPEC §2's footer. Its quick links open student screens, so only students get them (anyone else was
 * sent to / by them): a visitor is offered logging in, other roles nothing.
 */
export function Footer() {
  const { user } = useAuth();
  const role = user?.role ?? null;
  return (
    <footer className="on-dark mt-12 bg-brand-900 text-brand-100 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <h2 className="text-base font-semibold text-white">BIT Mesra Complaint System</h2>
          <p className="mt-2 text-sm">
            File hostel and college complaints, track them by token, and see them resolved.
          </p>
          <a
            href={COLLEGE_WEBSITE}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} text-sm`}
          >
            College website: www.bitmesra.ac.in
          </a>
          {/* CONTRACT 7.2: the grievance page, for everyone (UGC 2023 asks it to be published) */}
          <Link to={paths.grievanceRedressal} className={`${linkClass} block text-sm`}>
            Grievance redressal
          </Link>
        </div>
        {role === 'student' || role === null ? (
          <nav aria-label="Quick links">
            <h2 className="text-base font-semibold text-white">Quick Links</h2>
            <ul className="mt-2 text-sm">
              {(role === 'student' ? STUDENT_LINKS : VISITOR_LINKS).map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          // the grid keeps its three columns from sm on
          <div className="hidden sm:block" />
        )}
        <div>
          <h2 className="text-base font-semibold text-white">Contact</h2>
          <address className="mt-2 text-sm not-italic">
            Birla Institute of Technology, Mesra
            <br />
            Mesra, Ranchi, Jharkhand 835215
            <br />
            <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
              {CONTACT_EMAIL}
            </a>
            <br />
            <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`} className={linkClass}>
              {CONTACT_PHONE}
            </a>
          </address>
        </div>
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} BIT Mesra. All rights reserved.
      </p>
    </footer>
  );
}
