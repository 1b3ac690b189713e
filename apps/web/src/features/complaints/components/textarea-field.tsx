import { type TextareaHTMLAttributes, useId } from 'react';
import { inputClass } from '../../../components/ui/form-field';

type TTextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string };

/** A textarea with its visible label and a live character count when it has a maximum. */
export function TextAreaField({
  label,
  id,
  className = '',
  maxLength,
  value,
  ...props
}: TTextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const countId = `${fieldId}-count`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        className={`${inputClass} min-h-28`}
        maxLength={maxLength}
        value={value}
        aria-describedby={maxLength ? countId : undefined}
        {...props}
      />
      {maxLength !== undefined && (
        <p id={countId} className="mt-1 text-xs text-slate-500">
          {String(value ?? '').length} / {maxLength} characters
        </p>
      )}
    </div>
  );
}
