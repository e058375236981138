/** The brand mark: a banana crescent with a spark. Decorative; the link around it is labelled. */
export function Logo({ size = 26 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#18181b" />
      <path d="M8 21c6 3 14 0 16-9 .3-1.4 1.6-1.6 1.8-.2C27 21 16 28 8 23.3 7 22.7 7.1 20.6 8 21Z" fill="#facc15" />
      <path d="M11 8.5l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z" fill="#fde68a" />
    </svg>
  );
}
