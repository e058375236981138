import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * The classes of a button's look, with Button's defaults. A link that leads where a button would (a wouter `<Link>`)
 * wears them too: it stays a link for the keyboard and screen readers, and looks and hovers like a button.
 */
export function buttonClasses(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', block = false, className = ''): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', className].join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks; the flow that is busy owns this value. */
  busy?: boolean;
  icon?: ReactNode;
  block?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  icon,
  block,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = buttonClasses(variant, size, block, className);
  // Busy is aria-disabled, not disabled: a disabled button loses focus, which would drop a keyboard user
  // to the top of the page (or of a dialog) on every submit. Clicks, and the Enter that submits a form, are ignored instead.
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy ? <Spinner size={14} /> : icon}
      {children}
    </button>
  );
}
