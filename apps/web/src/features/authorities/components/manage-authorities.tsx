import { adminResetQuestion, MSG_SECURITY, type TUser } from '@bit/contract';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Modal } from '../../../components/ui/modal';
import { TableScroll } from '../../../components/ui/table-scroll';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { SM_UP, useMediaQuery } from '../../../hooks/use-media-query';
import { errorMessage } from '../../../lib/api-client';
import { AUTHORITIES_PAGE_SIZE, useAuthorities, useAwaitingCount } from '../api/get-authorities';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useSetApproval } from '../api/set-approval';

const AUTHORITY_TEXT = {
  fetchFailed: 'Failed to fetch authorities',
  approved: (name: string) => `${name} approved`,
  revoked: (name: string) => `Approval of ${name} revoked`,
  updateFailed: 'Failed to update authority',
  confirmRevokeTitle: (name: string) => `Revoke the approval of ${name}?`,
  confirmRevokeBody: 'They will see no complaints until approved again.',
  confirmRevoke: 'Revoke approval',
  cancel: 'Cancel',
} as const;

/**
 * The rows of each page in the order first shown, until the screen is left: a change re-sorts the
 * server's list (those awaiting approval first), and a row must not move under the admin's pointer.
 * A row new to the page goes last; one gone from it is dropped.
 */
function useStableOrder(page: number, rows: TUser[], placeholder: boolean) {
  const orders = useRef(new Map<number, number[]>());
  const known = orders.current.get(page) ?? [];
  const byId = new Map(rows.map((u) => [u.id, u]));
  const kept = known.filter((id) => byId.has(id));
  const order = [...kept, ...rows.map((u) => u.id).filter((id) => !kept.includes(id))];
  // another page's rows, shown while this one loads, are not this page's order
  if (rows.length > 0 && !placeholder) orders.current.set(page, order);
  return order.map((id) => byId.get(id) as TUser);
}

const designationOf = (u: TUser) => `${u.designation ?? '—'}${u.department ? ` (${u.department})` : ''}`;

function ApprovalBadge({ user }: { user: TUser }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        user.approved
          ? 'bg-status-resolved-bg text-status-resolved'
          : 'bg-status-pending-bg text-status-pending'
      }`}
    >
      {user.approved ? 'Approved' : 'Awaiting approval'}
    </span>
  );
}

/** Whether the authority's two-step sign-in is on (CONTRACT 6.7: the admin may turn it off). */
function TwoFactorBadge({ user }: { user: TUser }) {
  if (!user.twoFactor) return null;
  return (
    <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      {MSG_SECURITY.authorityHasIt}
    </span>
  );
}

/**
 * /manage-authorities: the admin approves new authorities or withdraws an approval, and turns off the
 * two-step sign-in of one who lost the phone and the recovery codes (CONTRACT 6.7), after asking.
 */
export function ManageAuthorities() {
  useDocumentTitle('Manage Authorities');
  const [page, setPage] = useState(1);
  const list = useAuthorities(page);
  const awaiting = useAwaitingCount();

  useErrorToast(list.error, (error) => errorMessage(error, AUTHORITY_TEXT.fetchFailed));

  const mutation = useSetApproval();
  const setApproval = (user: TUser, approved: boolean) =>
    mutation.mutate(
      { user, approved },
      {
        onSuccess: () =>
          toast.success(approved ? AUTHORITY_TEXT.approved(user.name) : AUTHORITY_TEXT.revoked(user.name)),
        onError: (error) => toast.error(errorMessage(error, AUTHORITY_TEXT.updateFailed)),
      },
    );

  // the server orders them: those awaiting approval first, newest first; kept so until the screen is left
  const rows = useStableOrder(page, list.data?.data ?? [], list.isPlaceholderData);
  // Revoke asks first: one click took away someone's access (issue 33 row 8)
  const [revoking, setRevoking] = useState<TUser | null>(null);
  const reset = useResetTwoFactor();
  const [resetting, setResetting] = useState<TUser | null>(null);
  const resetTwoFactor = (user: TUser) =>
    reset.mutate(user, {
      onSuccess: ({ message }) => toast.success(`${message}: ${user.name}`),
      onError: (error) => toast.error(errorMessage(error, MSG_SECURITY.adminResetFailed)),
    });
  // a table from Tailwind's sm on, cards below it: nothing to scroll sideways on a phone
  const wide = useMediaQuery(SM_UP, true);

  const resetAction = (u: TUser) =>
    u.twoFactor && (
      <Button
        variant="secondary"
        disabled={reset.isPending && reset.variables?.id === u.id}
        aria-label={`${MSG_SECURITY.adminResetAction} for ${u.name}`}
        onClick={() => setResetting(u)}
      >
        {MSG_SECURITY.adminResetAction}
      </Button>
    );

  const action = (u: TUser) => {
    const busy = mutation.isPending && mutation.variables?.user.id === u.id;
    return u.approved ? (
      <Button
        variant="secondary"
        disabled={busy}
        aria-label={`Revoke ${u.name}`}
        onClick={() => setRevoking(u)}
      >
        Revoke
      </Button>
    ) : (
      <Button disabled={busy} aria-label={`Approve ${u.name}`} onClick={() => setApproval(u, true)}>
        Approve
      </Button>
    );
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.manageAuthorities}</h1>
      <p className="mt-1 text-slate-600">
        A new authority sees no complaints until approved.{' '}
        {list.data && awaiting.data && (
          <span>
            {awaiting.data.count} awaiting approval, {list.data.count} in all.
          </span>
        )}
      </p>
      <Card className="mt-6">
        <QueryState
          query={list}
          errorText={AUTHORITY_TEXT.fetchFailed}
          isEmpty={(page) => page.data.length === 0}
          empty="No authorities have signed up yet."
        >
          {() =>
            wide ? (
              <TableScroll label="Authorities">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Authorities, those awaiting approval first</caption>
                  <thead className="border-b border-slate-200 text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Name
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Email
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Designation
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Hostel
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Status
                      </th>
                      <th scope="col" className="px-3 py-2">
                        <span className="sr-only">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {rows.map((u) => (
                      <tr key={u.id}>
                        <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                          {u.name}
                        </th>
                        <td className="px-3 py-2 break-all">{u.email}</td>
                        <td className="px-3 py-2">{designationOf(u)}</td>
                        <td className="px-3 py-2">{u.hostelNo ?? '—'}</td>
                        <td className="px-3 py-2">
                          <div className="flex flex-wrap gap-1">
                            <ApprovalBadge user={u} />
                            <TwoFactorBadge user={u} />
                          </div>
                        </td>
                        <td className="px-3 py-2 text-right">
                          <div className="flex flex-wrap justify-end gap-2">
                            {resetAction(u)}
                            {action(u)}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : (
              // a phone: one card each, the Approve or Revoke button within the screen's width
              <ul aria-label="Authorities" className="mt-4 space-y-3">
                {rows.map((u) => (
                  <li key={u.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h2 className="font-semibold text-slate-900">{u.name}</h2>
                      <div className="flex flex-wrap gap-1">
                        <ApprovalBadge user={u} />
                        <TwoFactorBadge user={u} />
                      </div>
                    </div>
                    <p className="mt-1 text-sm break-all text-slate-700">{u.email}</p>
                    <p className="mt-1 text-sm text-slate-700">
                      {designationOf(u)}
                      {u.hostelNo !== null ? ` · Hostel ${u.hostelNo}` : ''}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      {action(u)}
                      {resetAction(u)}
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {list.data && (
          <Pagination
            page={page}
            pageSize={AUTHORITIES_PAGE_SIZE}
            count={list.data.count}
            onPageChange={setPage}
            label="Authorities pages"
          />
        )}
      </Card>
      <Modal
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={revoking ? AUTHORITY_TEXT.confirmRevokeTitle(revoking.name) : ''}
        description={AUTHORITY_TEXT.confirmRevokeBody}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" data-autofocus onClick={() => setRevoking(null)}>
            {AUTHORITY_TEXT.cancel}
          </Button>
          <Button
            onClick={() => {
              if (revoking) setApproval(revoking, false);
              setRevoking(null);
            }}
          >
            {AUTHORITY_TEXT.confirmRevoke}
          </Button>
        </div>
      </Modal>
      <Modal
        open={resetting !== null}
        onClose={() => setResetting(null)}
        title={resetting ? adminResetQuestion(resetting.name) : ''}
        description={MSG_SECURITY.adminResetExplained}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" data-autofocus onClick={() => setResetting(null)}>
            {AUTHORITY_TEXT.cancel}
          </Button>
          <Button
            onClick={() => {
              if (resetting) resetTwoFactor(resetting);
              setResetting(null);
            }}
          >
            {MSG_SECURITY.adminResetAction}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
