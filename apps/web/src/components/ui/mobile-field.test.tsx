import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MobileField, mobileText } from './mobile-field';

function Controlled() {
  const [value, setValue] = useState('');
  return <MobileField value={value} onChange={(e) => setValue(mobileText(e.target.value))} />;
}

describe('the mobile field', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
  ])('turns a pasted "%s" into %s whole', (pasted, stored) => {
    expect(mobileText(pasted)).toBe(stored);
  });

  it('keeps at most ten digits of a number it cannot read, and drops letters', () => {
    expect(mobileText('123456789012345')).toBe('1234567890');
    expect(mobileText('98a76-5432109999')).toBe('9876543210');
    expect(mobileText('+91 98765')).toBe('+91 98765');
    expect(mobileText('0 9876')).toBe('0 9876');
  });

  it('has no maxLength, so a browser never cuts a pasted number before the filter sees it', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Mobile number');
    expect(input).not.toHaveAttribute('maxlength');
    fireEvent.change(input, { target: { value: '+91 98765 43210' } });
    expect(input).toHaveValue('9876543210');
  });

  it('follows a number typed key by key with its +91 prefix to the ten digits', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    for (const ch of '+91 98765 43210') fireEvent.change(input, { target: { value: input.value + ch } });
    expect(input).toHaveValue('9876543210');
  });
});
