import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui/TextField';

/** The e-mail field every auth form starts with. */
export function EmailField({ value, error, onChange }: { value: string; error: string | undefined; onChange(value: string): void }) {
  const { t } = useLingui();
  return <TextField label={t`E-mail`} type="email" autoComplete="email" value={value} error={error} onChange={(event) => onChange(event.target.value)} />;
}
