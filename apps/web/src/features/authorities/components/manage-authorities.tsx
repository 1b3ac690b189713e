import { MSG, type TUser } from '@bit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { authoritiesKey, getAuthorities, setApproval } from '../api/authorities-api';

export const AUTHORITY_TEXT = {
  fetchFailed: 'Failed to fetch authorities',
  approved: (name: string) => `${name} approved`,
  revoked: (name: string) => `Approval of ${name} revoked`,
  updateFailed: 'Failed to update authority',
} as const;

/** Those awaiting approval first, then by name. */
export function sortAuthorities(list: TUser[]) {
  return [...list].sort((a, b) => Number(a.approved) - Number(b.approved) || a.name.localeCompare(b.name));
}

/** /manage-authorities: the admin approves new authorities or withdraws an approval. */
export function ManageAuthorities() {
  useDocumentTitle('Manage Authorities');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: authoritiesKey, queryFn: getAuthorities });

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, AUTHORITY_TEXT.fetchFailed));
  }, [list.isError, list.error]);

  const mutation = useMutation({
    mutationFn: ({ user, approved }: { user: TUser; approved: boolean }) => setApproval(user.id, approved),
    onSuccess: (_res, { user, approved }) => {
      toast.success(approved ? AUTHORITY_TEXT.approved(user.name) : AUTHORITY_TEXT.revoked(user.name));
      void queryClient.invalidateQueries({ queryKey: authoritiesKey });
    },
    onError: (error) => toast.error(errorMessage(error, AUTHORITY_TEXT.updateFailed)),
  });

  const rows = sortAuthorities(list.data?.data ?? []);
  const waiting = rows.filter((r) => !r.approved).length;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Manage Authorities</h1>
      <p className="mt-1 text-slate-600">
        A new authority sees no complaints until approved.{' '}
        {list.data && (
          <span>
            {waiting} awaiting approval, {rows.length} in all.
          </span>
        )}
      </p>
      <Card className="mt-6">
        {list.isPending ? (
          <p role="status" className="text-slate-600">
            {MSG.loading}
          </p>
        ) : list.isError ? (
          <p role="alert" className="text-status-other">
            {AUTHORITY_TEXT.fetchFailed}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-slate-600">No authorities have signed up yet.</p>
        ) : (
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
                {rows.map((u) => {
                  const busy = mutation.isPending && mutation.variables?.user.id === u.id;
                  return (
                    <tr key={u.id}>
                      <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                        {u.name}
                      </th>
                      <td className="px-3 py-2 break-all">{u.email}</td>
                      <td className="px-3 py-2">
                        {u.designation ?? '—'}
                        {u.department ? ` (${u.department})` : ''}
                      </td>
                      <td className="px-3 py-2">{u.hostelNo ?? '—'}</td>
                      <td className="px-3 py-2">
                        <span
                          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                            u.approved
                              ? 'bg-status-resolved-bg text-status-resolved'
                              : 'bg-status-pending-bg text-status-pending'
                          }`}
                        >
                          {u.approved ? 'Approved' : 'Awaiting approval'}
                        </span>
                      </td>
                      <td className="px-3 py-2 text-right">
                        {u.approved ? (
                          <Button
                            variant="secondary"
                            disabled={busy}
                            aria-label={`Revoke ${u.name}`}
                            onClick={() => mutation.mutate({ user: u, approved: false })}
                          >
                            Revoke
                          </Button>
                        ) : (
                          <Button
                            disabled={busy}
                            aria-label={`Approve ${u.name}`}
                            onClick={() => mutation.mutate({ user: u, approved: true })}
                          >
                            Approve
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </section>
  );
}
