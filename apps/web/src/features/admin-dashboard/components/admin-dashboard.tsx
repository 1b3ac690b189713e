import type { TUser } from '@bit/contract';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** The admin dashboard. A first cut: it greets the user; the dashboard content comes next. */
export function AdminDashboard({ user }: { user: TUser }) {
  useDocumentTitle('Admin Dashboard');
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Welcome, {user.name}</h1>
    </section>
  );
}
