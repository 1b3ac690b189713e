import { MSG_COMMITTEES } from '@bit/contract';
import { LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCommittees } from '../api/get-committees';

/**
 * The admin dashboard's warning (CONTRACT 7.2): the committees with no member, with the way to the
 * committees screen. Nothing while loading, on a failure or when every committee has members.
 */
export function CommitteesWarning() {
  const committees = useCommittees();
  const empty = committees.data?.data.filter((c) => c.members.length === 0) ?? [];
  if (empty.length === 0) return null;
  return (
    <section
      aria-labelledby="committees-warning"
      className="mt-6 rounded-xl border border-status-pending bg-status-pending-bg p-4 shadow-sm"
    >
      <h2 id="committees-warning" className="font-semibold text-slate-900">
        {MSG_COMMITTEES.noMembersTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{MSG_COMMITTEES.noMembers(empty.map((c) => c.name))}</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
        {empty.map((c) => (
          <li key={c.committee}>{c.name}</li>
        ))}
      </ul>
      <LinkButton to={paths.manageCommittees} variant="secondary" className="mt-3">
        Appoint members
      </LinkButton>
    </section>
  );
}
