import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellFallback } from './shell-fallback';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the shell drawn while the first screen loads', () => {
  it("shows the screen's heading where the server put it, so nothing flickers between the two", () => {
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ABCDEFGHJK');
    const { container } = render(<ShellFallback />);
    expect(screen.getByRole('heading', { level: 1, name: 'Track Complaint Status' })).toBeInTheDocument();
    expect(container.querySelector('.shell-line')).toBeNull();
  });

  it('keeps the grey bar where the heading depends on who is signed in', () => {
    window.history.replaceState(null, '', '/student-dashboard');
    const { container } = render(<ShellFallback />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('.shell-line')).not.toBeNull();
  });
});
