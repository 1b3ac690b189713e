import type { ComponentProps } from 'react';
import { Field, inputClass, type TFieldText } from './form-field';

type TTextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'value'> &
  Omit<TFieldText, 'hint'> & { value: string };

/**
 * The one multi-line field of every form: its label, a live character count when it has a maximum
 * (read out with the field, through aria-describedby) and the failing check's message.
 */
export function TextAreaField({
  label,
  error,
  id,
  className,
  maxLength,
  value,
  ...props
}: TTextAreaFieldProps) {
  const count = maxLength === undefined ? undefined : `${value.length} / ${maxLength} characters`;
  return (
    <Field label={label} hint={count} error={error} id={id} className={className}>
      {(control) => (
        <textarea
          className={`${inputClass} min-h-28`}
          maxLength={maxLength}
          value={value}
          {...props}
          {...control}
        />
      )}
    </Field>
  );
}
