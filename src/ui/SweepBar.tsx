import styles from './SweepBar.module.css';

/** An indeterminate progress bar, for the eye only: the text beside it says what is running. */
export function SweepBar({ className }: { className?: string }) {
  return (
    <div className={className ? `${styles.bar} ${className}` : styles.bar} aria-hidden="true">
      <span />
    </div>
  );
}
