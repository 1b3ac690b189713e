import type { Id, ToastItem } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { keepOneToastOnPhones } from './toast-host';

function fakeToasts() {
  let listener: ((item: ToastItem) => void) | undefined;
  const dismiss = vi.fn<(id: Id) => void>();
  const toasts = {
    onChange: (cb: (item: ToastItem) => void) => {
      listener = cb;
      return () => {
        listener = undefined;
      };
    },
    dismiss,
  };
  const emit = (id: string, status: ToastItem['status'], type: ToastItem['type'] = 'error') =>
    listener?.({ id, status, type, content: id, data: {} } as ToastItem);
  return { toasts, dismiss, emit };
}

describe('toasts on a phone (issue 33 row 15)', () => {
  it('shows one at a time: a new toast dismisses the one shown, rather than queueing or stacking', () => {
    const { toasts, dismiss, emit } = fakeToasts();
    keepOneToastOnPhones(toasts, () => true);
    emit('bad-code', 'added');
    expect(dismiss).not.toHaveBeenCalled();
    emit('still-bad', 'added');
    expect(dismiss.mock.calls).toEqual([['bad-code']]);
    emit('bad-code', 'removed');
    emit('third', 'added');
    expect(dismiss.mock.calls).toEqual([['bad-code'], ['still-bad']]);
  });

  it('keeps several from sm on, where a toast sits at the top right beside the form', () => {
    const { toasts, dismiss, emit } = fakeToasts();
    keepOneToastOnPhones(toasts, () => false);
    emit('one', 'added');
    emit('two', 'added');
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('stops when told', () => {
    const { toasts, dismiss, emit } = fakeToasts();
    const stop = keepOneToastOnPhones(toasts, () => true);
    emit('one', 'added');
    stop();
    emit('two', 'added');
    expect(dismiss).not.toHaveBeenCalled();
  });
});

describe('a success after errors (issue 51 row 16)', () => {
  it('clears the error toasts still shown at every width, and leaves other successes', () => {
    const { toasts, dismiss, emit } = fakeToasts();
    keepOneToastOnPhones(toasts, () => false);
    emit('wrong-code', 'added');
    emit('saved', 'added', 'success');
    expect(dismiss.mock.calls).toEqual([['wrong-code']]);
    emit('saved-again', 'added', 'success');
    expect(dismiss.mock.calls).toEqual([['wrong-code']]);
  });
});
