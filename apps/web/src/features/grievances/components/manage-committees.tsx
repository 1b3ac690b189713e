import {
  COMMITTEE_NAMES,
  COMMITTEES,
  GRIEVANCE_PAGE,
  MSG_COMMITTEES,
  OMBUDSPERSON_MEMBERS_MAX,
  type TCommittee,
  type TCommitteeKey,
  type TUser,
} from '@bit/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminCommittees } from '../api/get-admin-committees';
import { useApprovedAuthorities } from '../api/get-approved-authorities';
import { useSetCommittee } from '../api/set-committee';

type TDraftMember = { userId: number; name: string; designation: string; chair: boolean };

const designationOf = (u: TUser) => `${u.designation ?? ''}${u.hostelNo ? `, Hostel ${u.hostelNo}` : ''}`;

/** One committee: its members as they will be saved, the chair chosen among them, and the way to add one. */
function CommitteeEditor({ committee, authorities }: { committee: TCommittee; authorities: TUser[] }) {
  const key = committee.committee;
  const [draft, setDraft] = useState<TDraftMember[]>(committee.members);
  const [picked, setPicked] = useState('');
  const headingId = useId();
  const mutation = useSetCommittee();
  const max = key === 'ombudsperson' ? OMBUDSPERSON_MEMBERS_MAX : Number.POSITIVE_INFINITY;
  const candidates = authorities.filter((a) => !draft.some((m) => m.userId === a.id));
  const changed =
    JSON.stringify(draft.map((m) => [m.userId, m.chair])) !==
    JSON.stringify(committee.members.map((m) => [m.userId, m.chair]));

  const add = () => {
    const user = authorities.find((a) => String(a.id) === picked);
    if (!user) return;
    // the first member is the chair until another is chosen
    setDraft((d) => [
      ...d,
      { userId: user.id, name: user.name, designation: designationOf(user), chair: d.length === 0 },
    ]);
    setPicked('');
  };
  const remove = (userId: number) =>
    setDraft((d) => {
      const left = d.filter((m) => m.userId !== userId);
      // the chair removed: the first one left takes the chair, so that the committee keeps one
      return left.some((m) => m.chair) ? left : left.map((m, i) => ({ ...m, chair: i === 0 }));
    });
  const save = () =>
    mutation.mutate(
      { committee: key, members: draft.map((m) => ({ userId: m.userId, chair: m.chair })) },
      {
        onSuccess: ({ data }) => {
          setDraft(data.members);
          toast.success(MSG_COMMITTEES.saved(data.name));
        },
        onError: (error) => toast.error(errorMessage(error, MSG_COMMITTEES.saveFailed)),
      },
    );

  return (
    <Card className="!p-4 sm:!p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {COMMITTEE_NAMES[key]}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{GRIEVANCE_PAGE.committeeRoles[key]}</p>
        {draft.length === 0 ? (
          <p className="mt-3 text-sm font-medium text-status-pending">No members yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {draft.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words text-slate-900">{m.name}</span>
                  <span className="block text-sm text-slate-600">{m.designation}</span>
                </span>
                {key !== 'ombudsperson' && (
                  <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                    <input
                      type="radio"
                      name={`chair-${key}`}
                      className="size-5 accent-brand-700"
                      checked={m.chair}
                      onChange={() => setDraft((d) => d.map((x) => ({ ...x, chair: x.userId === m.userId })))}
                    />
                    {GRIEVANCE_PAGE.chair}
                  </label>
                )}
                <Button variant="ghost" aria-label={`Remove ${m.name}`} onClick={() => remove(m.userId)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {draft.length < max && (
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <SelectField
              label={`Add to the ${COMMITTEE_NAMES[key]}`}
              className="min-w-0 flex-1 basis-56"
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              placeholder={
                candidates.length === 0 ? 'No approved authority left' : 'Choose an approved authority'
              }
              options={candidates.map((a) => ({
                value: String(a.id),
                label: `${a.name} (${designationOf(a)})`,
              }))}
            />
            <Button variant="secondary" disabled={picked === ''} onClick={add}>
              Add
            </Button>
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button disabled={!changed || mutation.isPending} onClick={save}>
            {mutation.isPending ? 'Saving...' : `Save ${COMMITTEE_NAMES[key]}`}
          </Button>
          {changed && <span className="text-sm text-slate-600">Not saved yet</span>}
        </div>
      </section>
    </Card>
  );
}

/**
 * The admin's committees screen (CONTRACT 7.2): members and chairs appointed from the approved
 * authorities, each committee saved on its own.
 */
export function ManageCommittees() {
  useDocumentTitle('Committees');
  const committees = useAdminCommittees();
  const authorities = useApprovedAuthorities();
  useErrorToast(committees.error ?? authorities.error, (e) => errorMessage(e, MSG_COMMITTEES.fetchFailed));
  const both = {
    isPending: committees.isPending || authorities.isPending,
    isFetching: committees.isFetching || authorities.isFetching,
    data:
      committees.data && authorities.data
        ? { committees: committees.data, authorities: authorities.data }
        : undefined,
  };
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Grievance committees</h1>
      <p className="mt-1 text-slate-600">
        Members are approved authorities; each committee has one chair, the Ombudsperson is one person. The
        public page lists them by name and designation.
      </p>
      <QueryState query={both} errorText={MSG_COMMITTEES.fetchFailed} className="mt-6" reserve="min-h-svh">
        {({ committees: { data }, authorities: list }) => (
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            {COMMITTEES.map((key: TCommitteeKey) => data.find((c) => c.committee === key))
              .filter((c): c is TCommittee => c !== undefined)
              .map((c) => (
                <CommitteeEditor key={c.committee} committee={c} authorities={list} />
              ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
