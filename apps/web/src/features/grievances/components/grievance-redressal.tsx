import {
  COMMITTEES,
  GRIEVANCE_PAGE,
  MSG_COMMITTEES,
  newGrievancePath,
  type TPublicCommittee,
} from '@bit/contract';
import { QueryState } from '../../../components/query-state';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { useCommittees } from '../api/get-committees';

function Members({ committee }: { committee: TPublicCommittee }) {
  if (committee.members.length === 0)
    return (
      <p className="mt-3 text-sm italic text-slate-600">
        {committee.committee === 'ombudsperson' ? GRIEVANCE_PAGE.noOmbudsperson : GRIEVANCE_PAGE.noMembers}
      </p>
    );
  return (
    <ul className="mt-3 divide-y divide-slate-200">
      {committee.members.map((m) => (
        <li key={`${m.name}-${m.designation}`} className="flex flex-wrap items-baseline gap-x-2 py-2">
          <span className="font-medium break-words text-slate-900">{m.name}</span>
          <span className="text-sm text-slate-600">{m.designation}</span>
          {committee.committee !== 'ombudsperson' && (
            <span
              className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold ${
                m.chair ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600'
              }`}
            >
              {m.chair ? GRIEVANCE_PAGE.chair : GRIEVANCE_PAGE.member}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * /grievance-redressal (CONTRACT 7.2), open to all: the committees and their members, the time limits
 * and how to submit a grievance, as the UGC 2023 regulations ask an institution to publish.
 */
export function GrievanceRedressal({
  signedIn,
  student = false,
}: {
  signedIn: boolean;
  /** a signed-in student: the link goes to the form */
  student?: boolean;
}) {
  useDocumentTitle(GRIEVANCE_PAGE.title);
  const committees = useCommittees();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{GRIEVANCE_PAGE.title}</h1>
      <p className="mt-3 text-slate-700">{GRIEVANCE_PAGE.intro}</p>

      <section aria-labelledby="committees" className="mt-8">
        <h2 id="committees" className="text-xl font-semibold text-brand-900">
          {GRIEVANCE_PAGE.committeesHeading}
        </h2>
        <QueryState
          query={committees}
          errorText={errorMessage(committees.error, MSG_COMMITTEES.fetchFailed)}
          className="mt-4"
          reserve="min-h-96"
        >
          {({ data }) => (
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              {COMMITTEES.map((key) => data.find((c) => c.committee === key))
                .filter((c): c is TPublicCommittee => c !== undefined)
                .map((c) => (
                  <Card key={c.committee} className="!p-4 sm:!p-6">
                    <h3 className="text-lg font-semibold text-slate-900">{c.name}</h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {GRIEVANCE_PAGE.committeeRoles[c.committee]}
                    </p>
                    <Members committee={c} />
                  </Card>
                ))}
            </div>
          )}
        </QueryState>
      </section>

      <section aria-labelledby="time-limits" className="mt-8">
        <h2 id="time-limits" className="text-xl font-semibold text-brand-900">
          {GRIEVANCE_PAGE.limitsHeading}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
          {GRIEVANCE_PAGE.limits.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600">{GRIEVANCE_PAGE.workingDaysNote}</p>
      </section>

      <section aria-labelledby="how-to-submit" className="mt-8">
        <h2 id="how-to-submit" className="text-xl font-semibold text-brand-900">
          {GRIEVANCE_PAGE.submitHeading}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          {GRIEVANCE_PAGE.submitSteps.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        {/* the dashboard's form; a visitor signs in first (the student's pages ask for it) */}
        {student ? (
          <LinkButton to={newGrievancePath()} className="mt-4">
            {GRIEVANCE_PAGE.submit}
          </LinkButton>
        ) : (
          !signedIn && (
            <LinkButton to={paths.studentLogin} className="mt-4">
              {GRIEVANCE_PAGE.signIn}
            </LinkButton>
          )
        )}
      </section>
    </section>
  );
}
