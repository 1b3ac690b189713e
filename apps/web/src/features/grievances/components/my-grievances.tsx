import { newGrievancePath } from '@bit/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useGrievances } from '../api/get-grievances';
import { GrievanceRows, grievanceCount } from './grievance-rows';

const FAILED = 'Could not load your grievances';

/**
 * The student's grievances on their dashboard (CONTRACT 7.2), newest first, each linking to its page
 * (what happens next and by when), with "Submit a grievance".
 */
export function MyGrievances() {
  const [page, setPage] = useState(1);
  const query = useGrievances({ page, before: undefined, status: '', category: '', overdue: false, q: '' });
  return (
    <Card className="mt-6">
      <section aria-labelledby="my-grievances">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-grievances" className="text-lg font-semibold text-brand-900">
            My Grievances
          </h2>
          <LinkButton to={newGrievancePath()} variant="secondary">
            Submit a grievance
          </LinkButton>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Admission, fees, examinations, scholarships, discrimination, a complaint not resolved, ragging or
          harassment: heard by the institute’s committees.{' '}
          <Link
            to={paths.grievanceRedressal}
            // underlined, as the app's other links in running text: not told by its colour alone
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            How grievances are heard
          </Link>
        </p>
        <QueryState
          query={query}
          errorText={FAILED}
          isEmpty={(d) => d.data.length === 0}
          empty="You have not submitted any grievances."
          className="mt-4"
        >
          {(list) => (
            <div className="mt-2">
              <p className="sr-only" aria-live="polite">
                {grievanceCount(list.count)}
              </p>
              <GrievanceRows grievances={list.data} label="Your grievances" />
              <Pagination
                page={list.page}
                pageSize={list.pageSize}
                count={list.count}
                onPageChange={setPage}
                label="Grievance pages"
              />
            </div>
          )}
        </QueryState>
      </section>
    </Card>
  );
}
