import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui/TextField';

/** The e-mail field every auth form starts with: where the login modal puts the keyboard when it opens. */
export function EmailField({ value, error, onChange }: { value: string; error: string | undefined; onChange(value: string): void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`E-mail`}
      type="email"
      autoComplete="email"
      data-autofocus
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
