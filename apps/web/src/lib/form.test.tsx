import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../components/ui/form-field';
import { expectPointedAt } from '../test/utils';
import { type TSchemaSource, useSchemaForm } from './form';

const schema = z.object({ name: z.string().trim().min(1, 'Please enter a name') });
type TValues = { name: string };

function NameForm({
  source,
  onValid,
}: {
  source: TSchemaSource<TValues, TValues>;
  onValid: (v: TValues) => void;
}) {
  const form = useSchemaForm(source, { defaultValues: { name: '' } });
  return (
    <form ref={form.ref} noValidate onSubmit={form.submit(onValid)}>
      <TextField label="Name" {...form.field('name')} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useSchemaForm over a schema loaded on first use', () => {
  it('loads nothing to draw the form, and the schema at the first focus inside it', async () => {
    const load = vi.fn(async () => schema);
    render(<NameForm source={load} onValid={() => {}} />);
    expect(load).not.toHaveBeenCalled();

    fireEvent.focusIn(screen.getByLabelText('Name'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    fireEvent.focusIn(screen.getByLabelText('Name'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks a submit made before anything was focused: the field is pointed at and toasted', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const onValid = vi.fn();
    // a loader of its own: the module caches a loaded schema per source
    render(<NameForm source={async () => schema} onValid={onValid} />);
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Please enter a name'));
    expectPointedAt(screen.getByLabelText('Name'), 'Please enter a name');
    expect(onValid).not.toHaveBeenCalled();
  });

  it("hands the schema's output to the submit once it passes", async () => {
    const onValid = vi.fn();
    render(<NameForm source={async () => schema} onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Asha ' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Asha' }, expect.anything()));
  });

  it('says the screen needs a connection when a submit cannot load the checks, never nothing', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const onValid = vi.fn();
    const load = vi
      .fn()
      .mockRejectedValue(
        new TypeError('Failed to fetch dynamically imported module: /assets/zod-resolver.js'),
      );
    render(<NameForm source={load} onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('This screen needs a connection'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('tries a failed load again at the next use', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    render(<NameForm source={load} onValid={() => {}} />);
    fireEvent.focusIn(screen.getByLabelText('Name'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    fireEvent.submit(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Name'), 'Please enter a name'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
