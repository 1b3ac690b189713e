import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageCursors } from './use-page-cursors';

const shown = (page: number, ...ids: number[]) => ({ page, data: ids.map((id) => ({ id })) });

describe('usePageCursors', () => {
  it('starts the next page below the last item shown, and remembers it for Previous', () => {
    const { result } = renderHook(() => usePageCursors('all'));
    const c = result.current;
    expect(c.before(1)).toBeUndefined();
    expect(c.move(shown(1, 90, 80, 70), 2)).toBe(70);
    expect(c.move(shown(2, 60, 50, 40), 3)).toBe(40);
    // back to page 2 starts where it started before, whatever was filed meanwhile
    expect(c.move(shown(3, 30, 20), 2)).toBe(70);
    expect(c.move(shown(2, 60, 50, 40), 1)).toBeUndefined();
  });

  it('forgets every start when the filters change', () => {
    const { result, rerender } = renderHook(({ scope }) => usePageCursors(scope), {
      initialProps: { scope: 'Pending' },
    });
    result.current.move(shown(1, 9, 8), 2);
    expect(result.current.before(2)).toBe(8);
    rerender({ scope: 'Resolved' });
    expect(result.current.before(2)).toBeUndefined();
  });

  it('takes a start from a link, and never one for page 1', () => {
    const { result } = renderHook(() => usePageCursors(''));
    result.current.know(5, 1234);
    result.current.know(1, 99);
    expect(result.current.before(5)).toBe(1234);
    expect(result.current.before(1)).toBeUndefined();
    // an empty page gives Next nothing to start from: it is read by number
    expect(result.current.move(shown(5), 6)).toBeUndefined();
  });
});
