import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { team } from '../../config/team';
import { Component, TeamPage } from './team';

describe('Meet the Team (issue 33 row 18)', () => {
  it('links no placeholder to a made-up address: the shipped team has no profile links', () => {
    render(<Component />);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(within(cards[0] as HTMLElement).getByRole('heading', { name: team[0]?.name })).toBeInTheDocument();
  });

  it("shows each configured member's GitHub and LinkedIn, and only addresses that are profiles there", () => {
    render(
      <TeamPage
        members={[
          {
            name: 'Asha Kumari',
            role: 'Full-stack developer',
            github: 'https://github.com/asha-k',
            linkedin: 'https://www.linkedin.com/in/asha-kumari',
          },
          {
            name: 'Ravi Das',
            role: 'Designer',
            github: 'http://github.com/ravi',
            linkedin: 'https://evil.example/in/ravi',
          },
          { name: 'Meena Rao', role: 'Back-end developer', linkedin: 'https://linkedin.com/in/meena-rao/' },
        ]}
      />,
    );
    const [asha, ravi, meena] = screen.getAllByRole('listitem') as HTMLElement[];
    expect(within(asha!).getByRole('link', { name: 'Asha Kumari on GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/asha-k',
    );
    expect(within(asha!).getByRole('link', { name: 'Asha Kumari on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/asha-kumari',
    );
    expect(within(asha!).getByRole('link', { name: 'Asha Kumari on GitHub' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(within(ravi!).queryAllByRole('link')).toHaveLength(0);
    expect(
      within(meena!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['LinkedIn']);
  });
});
