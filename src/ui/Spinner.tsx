import styles from './Spinner.module.css';

/** A small busy indicator; decorative, so the surrounding control carries the accessible state. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
