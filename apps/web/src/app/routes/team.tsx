import { type TTeamMember, team, teamLinks } from '../../config/team';
import { useDocumentTitle } from '../../hooks/use-document-title';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-brand-700 hover:bg-brand-50';

/** /team: a card for each member of config/team.ts, with the profile links it gives. */
export function TeamPage({ members }: { members: readonly TTeamMember[] }) {
  useDocumentTitle('Meet the Team');
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Meet the Team</h1>
      <p className="mt-2 text-slate-600">The people who build and look after the complaint system.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {members.map((member) => {
          const links = teamLinks(member);
          return (
            <li
              key={member.name}
              className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <span
                aria-hidden="true"
                className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800"
              >
                {initials(member.name)}
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h2>
              <p className="text-sm text-slate-600">{member.role}</p>
              {links.length > 0 && (
                <div className="mt-4 flex justify-center gap-2">
                  {links.map((link) => (
                    <a
                      key={link.site}
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                      aria-label={`${member.name} on ${link.site}`}
                    >
                      {link.site}
                    </a>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Component() {
  return <TeamPage members={team} />;
}
