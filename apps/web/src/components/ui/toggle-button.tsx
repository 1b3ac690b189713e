import type { ButtonHTMLAttributes } from 'react';
import { buttonClass } from './button';

type TToggleButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
};

/**
 * A button that stays pressed (aria-pressed): a one-tap filter. Pressed it looks like the primary
 * button, with a check mark so the state is not told by colour alone.
 */
export function ToggleButton({
  pressed,
  onPressedChange,
  className = '',
  children,
  ...props
}: TToggleButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={buttonClass(pressed ? 'primary' : 'secondary', className)}
      onClick={() => onPressedChange(!pressed)}
      {...props}
    >
      {pressed && (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2.5} d="M4 10.5l4 4 8-9" />
        </svg>
      )}
      {children}
    </button>
  );
}
