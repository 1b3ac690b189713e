import { Link, useLocation } from 'react-router';
import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { SignInReason } from '../../features/auth/components/sign-in-reason';
import { useDocumentTitle } from '../../hooks/use-document-title';

const STEPS = [
  {
    title: 'File a complaint',
    text: 'Describe a hostel or college problem in a minute and get a unique token number.',
  },
  {
    title: 'Track its status',
    text: 'Follow your complaint with its token as it moves from Pending to In Progress to Resolved.',
  },
  {
    title: 'Automatic routing',
    text: 'Each complaint goes straight to the right authority: your hostel’s warden, the network team or the department.',
  },
];

export function Component() {
  useDocumentTitle('Home');
  // a protected screen sent the visitor here with the requested location: the login links carry it on
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const state = from ? { from } : undefined;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">
            Birla Institute of Technology, Mesra
          </p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold sm:text-5xl">Complaint Management System</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Raise hostel and campus issues, follow them to resolution, and tell us how we did.
          </p>
          <SignInReason onDark className="mt-6 max-w-2xl" />
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to={paths.studentLogin} state={state} variant="secondary">
              Student Login
            </LinkButton>
            <LinkButton
              to={paths.studentSignup}
              state={state}
              className="border border-white bg-transparent hover:bg-brand-800"
            >
              Sign up
            </LinkButton>
            <LinkButton
              to={paths.authorityLogin}
              state={state}
              className="border border-white bg-transparent hover:bg-brand-800"
            >
              Authority Login
            </LinkButton>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-2xl font-bold text-brand-900">
          How It Works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        {/* CONTRACT 7.2: the committees, time limits and how to submit a grievance, open to all */}
        <p className="mt-8 text-slate-700">
          A grievance about admission, fees, examinations, scholarships, discrimination, ragging or
          harassment, or a complaint not resolved?{' '}
          <Link
            to={paths.grievanceRedressal}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Grievance redressal
          </Link>
        </p>
      </section>
    </>
  );
}
