import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** The validation message for this field, shown under it and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered at the end of the input row (e.g. a "Send code" button). */
  trailing?: ReactNode;
  /** The input element, e.g. to focus the first wrong field. */
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, trailing, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className ?? ''].join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input {...input} ref={ref} id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
