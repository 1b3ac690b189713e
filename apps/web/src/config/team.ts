/**
 * The team shown on /team (Meet the Team).
 * The college edits this file to name the people who build and maintain the system:
 * change the names, roles and profile links below; the page picks them up on the next build.
 */
type TTeamMember = {
  name: string;
  role: string;
  github: string;
  linkedin: string;
};

export const team: readonly TTeamMember[] = [
  {
    name: 'Developer One',
    role: 'Full-stack developer',
    github: 'https://github.com/developer-one',
    linkedin: 'https://www.linkedin.com/in/developer-one',
  },
  {
    name: 'Developer Two',
    role: 'Front-end developer',
    github: 'https://github.com/developer-two',
    linkedin: 'https://www.linkedin.com/in/developer-two',
  },
  {
    name: 'Developer Three',
    role: 'Back-end developer',
    github: 'https://github.com/developer-three',
    linkedin: 'https://www.linkedin.com/in/developer-three',
  },
  {
    name: 'Developer Four',
    role: 'UI/UX designer',
    github: 'https://github.com/developer-four',
    linkedin: 'https://www.linkedin.com/in/developer-four',
  },
];
