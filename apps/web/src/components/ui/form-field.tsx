import { type ComponentProps, type ReactNode, useId } from 'react';

// text-base (16 px): below that, iOS Safari zooms the page in when a field takes focus
export const inputClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 aria-[invalid=true]:border-status-other';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

/** What every field shows around its control: a label, an optional hint, and the failing check's message. */
export type TFieldText = { label: string; hint?: string | undefined; error?: string | undefined };

type TControlProps = { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

/**
 * The frame of every field: the visible label, the control, the hint and the error message under it,
 * both tied to the control with aria-describedby; a failing field is marked aria-invalid.
 */
export function Field({
  label,
  hint,
  error,
  id,
  className = '',
  children,
}: TFieldText & {
  id?: string | undefined;
  className?: string;
  children: (control: TControlProps) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-status-other">
          {error}
        </p>
      )}
    </div>
  );
}

type TTextFieldProps = ComponentProps<'input'> & TFieldText;

/** An input with its visible label (and an optional hint and error message tied to it). */
export function TextField({ label, hint, error, id, className, ...props }: TTextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input className={inputClass} {...props} {...control} />}
    </Field>
  );
}

type TOption = string | number | { value: string; label: string };

type TSelectFieldProps = ComponentProps<'select'> &
  TFieldText & {
    /** the choices, as they are shown and sent, or as value and label */
    options?: readonly TOption[];
    /** the first choice, meaning "nothing chosen yet" (value '') */
    placeholder?: string;
  };

export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  options = [],
  placeholder,
  children,
  ...props
}: TSelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select className={inputClass} {...props} {...control}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const { value, label: text } = typeof o === 'object' ? o : { value: String(o), label: String(o) };
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
          {children}
        </select>
      )}
    </Field>
  );
}

type TCheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: string };

export function Checkbox({ label, id, ...props }: TCheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="flex min-h-11 items-center gap-2">
      <input
        id={inputId}
        type="checkbox"
        className="size-5 shrink-0 rounded border-slate-300 accent-brand-700"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

type TRadioGroupProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'checked'> & {
  legend: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** Radio buttons under a legend, each label a 44-pixel target; one Tab stop, arrow keys choose. */
export function RadioGroup({ legend, value, options, className = '', ...props }: TRadioGroupProps) {
  return (
    <fieldset className={className}>
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              className="size-5 shrink-0 accent-brand-700"
              {...props}
              value={option.value}
              checked={value === option.value}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
