/**
 * The team shown on /team (Meet the Team, SPEC §2: four developers with their GitHub and LinkedIn).
 * The college edits this file to name the people who build and maintain the system: their names,
 * roles and profile addresses; the page picks them up on the next build. A card shows a profile link
 * only when its address is given and is a profile on that site (`teamLinks`): the placeholders below
 * have none, so the page never sends a visitor to a made-up person's address (issue 33 row 18).
 */
export type TTeamMember = {
  name: string;
  role: string;
  /** https://github.com/<user> */
  github?: string;
  /** https://www.linkedin.com/in/<name> */
  linkedin?: string;
};

export const team: readonly TTeamMember[] = [
  { name: 'Developer One', role: 'Full-stack developer' },
  { name: 'Developer Two', role: 'Front-end developer' },
  { name: 'Developer Three', role: 'Back-end developer' },
  { name: 'Developer Four', role: 'UI/UX designer' },
];

const PROFILE = {
  GitHub: /^https:\/\/github\.com\/[A-Za-z0-9-]+\/?$/,
  LinkedIn: /^https:\/\/(www\.)?linkedin\.com\/in\/[^/?#\s]+\/?$/,
} as const;

/** The member's profile links that are given and are profiles on their site, GitHub first. */
export function teamLinks(member: TTeamMember): { site: keyof typeof PROFILE; href: string }[] {
  return [
    { site: 'GitHub' as const, href: member.github },
    { site: 'LinkedIn' as const, href: member.linkedin },
  ].filter((link): link is { site: keyof typeof PROFILE; href: string } =>
    Boolean(link.href && PROFILE[link.site].test(link.href)),
  );
}
