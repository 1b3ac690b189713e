import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('moves one page at a time and stops at the last page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pageSize={20} count={45} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    rerender(<Pagination page={3} pageSize={20} count={45} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows no pager when everything fits on one page', () => {
    const { container, rerender } = render(
      <Pagination page={1} pageSize={20} count={20} onPageChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} pageSize={20} count={0} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} pageSize={20} count={21} onPageChange={() => {}} />);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('still offers the way back from a page past the end', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pageSize={20} count={5} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('says "more than" of a search counted up to its limit, and goes on while the page shown is full', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <Pagination page={1} pageSize={20} count={1000} countAtLeast onPageChange={onPageChange} />,
    );
    expect(screen.getByText('Page 1 of more than 50')).toBeInTheDocument();
    rerender(
      <Pagination page={50} pageSize={20} count={1000} countAtLeast shown={20} onPageChange={onPageChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(51);
    rerender(
      <Pagination page={51} pageSize={20} count={1000} countAtLeast shown={20} onPageChange={onPageChange} />,
    );
    expect(screen.getByText('Page 51 of more than 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    // the page past the last full one: the end
    rerender(
      <Pagination page={52} pageSize={20} count={1000} countAtLeast shown={7} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });
});
