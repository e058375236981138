import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './Button';

interface ButtonLinkProps {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Runs before the app navigates (closing the dialog the link sits in). */
  onClick?: () => void;
  children: ReactNode;
}

/** A link that looks like a button: it goes to another page, so it stays a link for the keyboard and screen readers. */
export function ButtonLink({ href, variant = 'secondary', size = 'md', onClick, children }: ButtonLinkProps) {
  return (
    <Link href={href} className={buttonClasses(variant, size)} onClick={onClick}>
      {children}
    </Link>
  );
}
