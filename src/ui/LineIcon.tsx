import type { ReactNode } from 'react';

interface LineIconProps {
  /** Width and height in pixels. */
  size: number;
  strokeWidth?: number;
  /** The icon's paths, on a 24-unit grid. */
  children: ReactNode;
}

/** A line icon drawn in the text's colour. It is decoration: the control or text beside it says what it means. */
export function LineIcon({ size, strokeWidth = 2, children }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
