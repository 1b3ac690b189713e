import type { Id, ToastItem } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { dismissStaleToasts, type TRouterLike } from './stale-toasts';

type TState = TRouterLike['state'];

function fakeRouter() {
  let listener: ((s: TState) => void) | undefined;
  const router = {
    state: { location: { pathname: '/a' }, navigation: { state: 'idle' } } as TState,
    subscribe: (fn: (s: TState) => void) => {
      listener = fn;
      return () => {
        listener = undefined;
      };
    },
  };
  const go = (pathname: string, navigation = 'idle') => {
    router.state = { location: { pathname }, navigation: { state: navigation } };
    listener?.(router.state);
  };
  return { router, go };
}

function fakeToast() {
  let cb: ((t: ToastItem) => void) | undefined;
  const dismiss = vi.fn<(id: Id) => void>();
  const onChange = (fn: (t: ToastItem) => void) => {
    cb = fn;
    return () => undefined;
  };
  const toast = { onChange, dismiss };
  const show = (id: string, type: ToastItem['type']) =>
    cb?.({ id, type, status: 'added', content: id, data: {} } as ToastItem);
  return { toast, dismiss, show };
}

async function setUp() {
  const { router, go } = fakeRouter();
  const t = fakeToast();
  // the callbacks waiting for the running task to end
  const pending: Array<() => void> = [];
  const stop = dismissStaleToasts(
    router,
    async () => ({ toast: t.toast }),
    (fn) => pending.push(fn),
  );
  await Promise.resolve();
  await Promise.resolve();
  const endTask = () => {
    for (const fn of pending.splice(0)) fn();
  };
  return { go, ...t, stop, endTask };
}

describe('stale toasts', () => {
  it('dismisses an error shown on the screen left, once the next screen is reached', async () => {
    const { go, show, dismiss, endTask } = await setUp();
    show('bad-code', 'error');
    endTask();
    go('/a', 'loading');
    expect(dismiss).not.toHaveBeenCalled();
    go('/b');
    expect(dismiss).toHaveBeenCalledWith('bad-code');
  });

  it('keeps a toast raised in the task that navigates for the next screen, and drops it at the one after', async () => {
    const { go, show, dismiss, endTask } = await setUp();
    show('code-sent', 'success');
    go('/a', 'loading');
    endTask();
    go('/verify');
    expect(dismiss).not.toHaveBeenCalled();
    show('verified', 'success');
    go('/dashboard');
    expect(dismiss.mock.calls).toEqual([['code-sent']]);
  });

  it('keeps a toast that appears while the next screen loads', async () => {
    const { go, show, dismiss, endTask } = await setUp();
    go('/a', 'loading');
    endTask();
    show('late', 'error');
    endTask();
    go('/b');
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('leaves toasts alone while the screen stays the same, and stops when told', async () => {
    const { go, show, dismiss, endTask, stop } = await setUp();
    show('failed', 'error');
    endTask();
    go('/a', 'loading');
    go('/a');
    // a list's page or filter kept in the query: the same path, so the same screen
    go('/a');
    expect(dismiss).not.toHaveBeenCalled();
    stop();
    go('/c');
    expect(dismiss).not.toHaveBeenCalled();
  });
});
