import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextField } from './form-field';
import { TextAreaField } from './textarea-field';

describe('form fields on a phone', () => {
  it('write at 16 px (text-base) in inputs, selects and text areas, so iOS does not zoom on focus', () => {
    render(
      <>
        <TextField label="Name" />
        <SelectField label="Hostel" options={['1', '2']} />
        <TextAreaField label="Description" value="" onChange={() => {}} />
      </>,
    );
    for (const control of [
      screen.getByLabelText('Name'),
      screen.getByLabelText('Hostel'),
      screen.getByLabelText('Description'),
    ]) {
      expect(control).toHaveClass('text-base');
      expect(control).not.toHaveClass('text-sm');
    }
  });
});
