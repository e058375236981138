import { t } from '@lingui/core/macro';
import type { FieldErrors } from '../../../machines/saveForm.machine';
import { MAX_WHITELIST_ENTRIES, normalizeIpEntry } from '../../services/ipAddress';

const MAX_ALERT_THRESHOLD = 1_000_000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AlertValues extends Record<string, unknown> {
  alertEmail: string;
  /** As typed; checked to be a whole number before it is sent. */
  alertThreshold: string;
}

export function validateAlerts(values: AlertValues): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.alertEmail.trim();
  if (!email) errors.alertEmail = t`Enter the e-mail address that gets the alert.`;
  else if (!EMAIL_PATTERN.test(email)) errors.alertEmail = t`Enter a valid e-mail address, like name@example.com.`;
  const threshold = values.alertThreshold.trim();
  if (!threshold) errors.alertThreshold = t`Enter the balance, in credits, that triggers the alert.`;
  else if (!/^\d+$/.test(threshold) || Number(threshold) < 1 || Number(threshold) > MAX_ALERT_THRESHOLD) {
    errors.alertThreshold = t`Enter a whole number of credits from 1 to ${MAX_ALERT_THRESHOLD}.`;
  }
  return errors;
}

export interface WhitelistValues extends Record<string, unknown> {
  /** One address or range a line, as typed. */
  text: string;
}

/** The lines that hold an entry, with their line numbers (1-based) as the user sees them. */
function whitelistLines(text: string): { line: number; entry: string }[] {
  return text
    .split('\n')
    .map((entry, index) => ({ line: index + 1, entry: entry.trim() }))
    .filter(({ entry }) => entry !== '');
}

/** The entries to send, normalised and without repeats. Only called on a text that passed the check. */
export function whitelistEntries(text: string): string[] {
  return [...new Set(whitelistLines(text).map(({ entry }) => normalizeIpEntry(entry) ?? entry))];
}

/** One message a bad line, keyed `line:N`, so the form can list them in order. */
export function validateWhitelist(values: WhitelistValues): FieldErrors {
  const errors: FieldErrors = {};
  const lines = whitelistLines(values.text);
  for (const { line, entry } of lines) {
    if (normalizeIpEntry(entry) === null) errors[`line:${line}`] = t`Line ${line}: “${entry}” is not an IPv4 or IPv6 address or a CIDR range.`;
  }
  if (lines.length > MAX_WHITELIST_ENTRIES) errors.count = t`Enter at most ${MAX_WHITELIST_ENTRIES} addresses or ranges.`;
  return errors;
}
