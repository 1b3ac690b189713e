import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Opener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Update Complaint"
        description="Pick a status."
      >
        <label>
          Status <select data-autofocus />
        </label>
        <button type="button">Save</button>
      </Modal>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Update Complaint' }) };
}

describe('modal', () => {
  it('is named by its title, described by its description and renders nothing while closed', () => {
    render(<Opener />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { dialog } = openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAccessibleDescription('Pick a status.');
  });

  it('puts focus on the element marked data-autofocus when it opens', () => {
    render(<Opener />);
    openDialog();
    expect(screen.getByLabelText('Status')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(screen.getByLabelText('Status'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on the browser cancel event (Escape in a real browser)', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const { dialog } = openDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a tap on the backdrop but not on one inside the panel', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const { dialog } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab from the first to the last', () => {
    render(<Opener />);
    openDialog();
    const status = screen.getByLabelText('Status');
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(status).toHaveFocus();
    fireEvent.keyDown(status, { key: 'Tab', shiftKey: true });
    expect(save).toHaveFocus();
  });
});
