import styles from './SegmentedControl.module.css';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
  /** Why a disabled option is disabled; shown as its tooltip and read with it. */
  note?: string;
}

interface SegmentedControlProps<T extends string> {
  legend: string;
  name: string;
  options: ReadonlyArray<SegmentOption<T>>;
  value: T;
  onChange: (value: T) => void;
}

/** A small set of exclusive choices: real radio buttons, so arrow keys move between them. */
export function SegmentedControl<T extends string>({ legend, name, options, value, onChange }: SegmentedControlProps<T>) {
  return (
    <fieldset className={styles.group}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.segment} title={option.note}>
          <input
            type="radio"
            name={name}
            value={option.value}
            className={styles.input}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
          {option.note && option.disabled ? <span className="visually-hidden">{` (${option.note})`}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
