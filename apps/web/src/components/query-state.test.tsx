import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NOTHING_SAVED, QueryState } from './query-state';

afterEach(() => vi.restoreAllMocks());

const show = (query: { isPending: boolean; isFetching?: boolean; data: string[] | undefined }) =>
  render(
    <QueryState
      query={query}
      errorText="Failed to fetch things"
      isEmpty={(list) => list.length === 0}
      empty="Nothing yet."
    >
      {(list) => <p>{list.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('says Loading... until the first answer, then shows what came', () => {
    const { rerender } = show({ isPending: true, data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(
      <QueryState
        query={{ isPending: false, data: ['a', 'b'] }}
        errorText="Failed"
        isEmpty={(l) => l.length === 0}
      >
        {(list) => <p>{list.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('a, b')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the error text when the read failed with nothing to show, and Loading... while it is tried again', () => {
    const { unmount } = show({ isPending: false, data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch things');
    unmount();
    show({ isPending: false, isFetching: true, data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the empty text when there is nothing, and keeps what was shown when a refetch fails', () => {
    const { unmount } = show({ isPending: false, data: [] });
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    unmount();
    // a failed refetch keeps its data: the list stays, no error text replaces it
    show({ isPending: false, data: ['kept'] });
    expect(screen.getByText('kept')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reserves the height it is given while loading, and only then', () => {
    const { rerender } = render(
      <QueryState query={{ isPending: true, data: undefined }} errorText="Failed" reserve="min-h-svh">
        {(list: string[]) => <p>{list.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveClass('min-h-svh');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(
      <QueryState query={{ isPending: false, data: ['a'] }} errorText="Failed" reserve="min-h-svh">
        {(list: string[]) => <p>{list.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('QueryState offline', () => {
  it('says that what is not saved shows once back online, not Loading... for ever', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show({ isPending: true, data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_NOTHING_SAVED);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('still shows what it has', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show({ isPending: false, data: ['kept'] });
    expect(screen.getByText('kept')).toBeInTheDocument();
  });
});
