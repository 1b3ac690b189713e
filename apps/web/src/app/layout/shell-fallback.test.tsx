import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  /** ShellFallback as loaded on a page whose shell holds what the server wrote for a signed-in user. */
  async function loadOnStatusPage(address: string) {
    window.history.replaceState(null, '', address);
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML =
      '<div class="shell"><main class="shell-main"><h1 class="shell-heading">Welcome, Asha</h1><section class="shell-complaint"><h2>Complaint CMP-ABCDEFGHJK</h2></section></main></div>';
    document.body.append(root);
    vi.resetModules();
    const loaded = await import('./shell-fallback');
    // the app replaces the shell as it mounts
    root.remove();
    return loaded.ShellFallback;
  }

  it("keeps what the server wrote into the shell on screen: a heading naming the user, the status page's complaint", async () => {
    const Fallback = await loadOnStatusPage('/complaint-status?token=CMP-ABCDEFGHJK');
    const { container } = render(<Fallback />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Complaint CMP-ABCDEFGHJK' })).toBeInTheDocument();
    expect(container.querySelector('.shell-card')).toBeNull();
  });

  it('draws the cards again once the address is no longer the one the summary came with', async () => {
    const Fallback = await loadOnStatusPage('/complaint-status?token=CMP-ABCDEFGHJK');
    window.history.replaceState(null, '', '/complaint-status?token=CMP-ZZZZZZZZZZ');
    const { container } = render(<Fallback />);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Track Complaint Status' })).toBeInTheDocument();
    expect(container.querySelectorAll('.shell-card')).toHaveLength(3);
  });
});
