import { t } from '@lingui/core/macro';

// Field rules shared by the sign-in, sign-up and reset forms. Each returns a message, or undefined when fine.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 8;

export function emailError(value: string): string | undefined {
  if (!value.trim()) return t`Enter your e-mail address.`;
  if (!EMAIL_PATTERN.test(value.trim())) return t`Enter a valid e-mail address, like name@example.com.`;
  return undefined;
}

export function passwordError(value: string, { isNew }: { isNew: boolean }): string | undefined {
  if (!value) return isNew ? t`Choose a password.` : t`Enter your password.`;
  if (isNew && value.length < MIN_PASSWORD_LENGTH) return t`Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  return undefined;
}

export function codeError(value: string): string | undefined {
  if (!value.trim()) return t`Enter the 6-digit code we e-mailed you.`;
  if (!/^\d{6}$/.test(value.trim())) return t`The code has 6 digits.`;
  return undefined;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}
