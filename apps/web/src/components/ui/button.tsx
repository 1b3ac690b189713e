import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

type TVariant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<TVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
};

export function buttonClass(variant: TVariant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: TVariant };

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: TButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

type TLinkButtonProps = LinkProps & { variant?: TVariant };

/** A router link that looks like a button. */
export function LinkButton({ variant = 'primary', className = '', ...props }: TLinkButtonProps) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}

/** A form's submit button: disabled, and saying `pendingText`, while the form's request runs. */
export function SubmitButton({
  pending,
  pendingText,
  children,
  ...props
}: Omit<TButtonProps, 'type'> & { pending: boolean; pendingText: string }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingText : children}
    </Button>
  );
}
