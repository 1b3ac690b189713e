import type { ComponentProps } from 'react';
import { Field, inputClass, type TFieldText } from '../../../components/ui/form-field';

type TComplaintPickerProps = Omit<ComponentProps<'select'>, 'value'> &
  TFieldText & {
    value: string;
    options: readonly { value: string; label: string }[];
    /** the first choice, meaning "nothing chosen yet" (value '') */
    placeholder: string;
  };

/**
 * A select whose chosen text wraps instead of being cut: "CMP-QCMQWT2Y3M — Plumbing" is wider than
 * the closed select of a 360-pixel phone, which cut it to "CMP-QCMQWT2Y3M — Plumb" (issue 33 row 16).
 * The browser's own select stays the control (the label, the keyboard, a phone's picker, screen
 * readers); it lies invisible over a box that shows the chosen text on as many lines as it needs,
 * and that box draws the select's focus ring and invalid border.
 */
export function ComplaintPicker({
  label,
  hint,
  error,
  id,
  className,
  value,
  options,
  placeholder,
  ...props
}: TComplaintPickerProps) {
  const chosen = options.find((o) => o.value === value);
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <select
            className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            value={value}
            {...props}
            {...control}
          >
            <option value="">{placeholder}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <div
            aria-hidden="true"
            className={`${inputClass} flex items-center pr-10 break-words peer-focus:border-brand-600 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-aria-[invalid=true]:border-status-other ${
              chosen ? '' : 'text-slate-500'
            }`}
          >
            <span className="min-w-0">{chosen?.label ?? placeholder}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="pointer-events-none absolute right-3 size-5 text-slate-500"
            >
              <path
                fillRule="evenodd"
                d="M5.2 7.2a.75.75 0 0 1 1.06.04L10 11.17l3.74-3.93a.75.75 0 1 1 1.08 1.04l-4.28 4.5a.75.75 0 0 1-1.08 0l-4.28-4.5a.75.75 0 0 1 .02-1.08Z"
                clipRule="evenodd"
              />
            </svg>
          </div>
        </div>
      )}
    </Field>
  );
}
