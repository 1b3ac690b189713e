import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

export const inputClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600';

const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

type TTextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

/** An input with its visible label (and an optional hint tied to it). */
export function TextField({ label, hint, id, className = '', ...props }: TTextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <input id={inputId} aria-describedby={hintId} className={inputClass} {...props} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

type TSelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  children: ReactNode;
};

export function SelectField({ label, id, className = '', children, ...props }: TSelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={labelClass}>
        {label}
      </label>
      <select id={selectId} className={inputClass} {...props}>
        {children}
      </select>
    </div>
  );
}

type TCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string };

export function Checkbox({ label, id, ...props }: TCheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="flex min-h-11 items-center gap-2">
      <input
        id={inputId}
        type="checkbox"
        className="size-5 rounded border-slate-300 accent-brand-700"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}
