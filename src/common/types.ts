/**
 * What the API client, the i18n code and the machines agree on, said once. It imports nothing, so the machines
 * (which import nothing from the rest of src/) can use it: its types with `import type`, its constants as plain data.
 */

/** The languages of the site, English (the source) first. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'ru', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * How long the playground waits for a task to settle before it stops asking; the code samples wait as long. Here,
 * not in the generation chart, so that a page with a sample does not load the chart with it.
 */
export const GENERATION_TIME_LIMIT_MS = 3 * 60 * 1000;

/** Codes the API client hands back as they are, without checking `data` (docs/product.md, "Envelope rules"). */
export const PASS_THROUGH_CODES = [100001, 100002, 400001, 500001, 500002] as const;
export type PassThroughCode = (typeof PASS_THROUGH_CODES)[number];

/** The pass-through code of a sign-in that needs a bot check first. */
export const BOT_CHECK_REQUIRED_CODE = 100002 satisfies PassThroughCode;

/**
 * What an invoked API call resolves with: code 200 carries validated data; a pass-through code carries
 * whatever the server sent, so its data is unknown. Checking `code === 200` narrows to the data.
 */
export type ResultEnvelope<T = unknown> = { code: 200; msg: string; data: T } | { code: PassThroughCode; msg: string; data: unknown };

/** The `kind` of an error the API client throws; machines branch on it. */
export const API_ERROR_KINDS = ['sessionExpired', 'network', 'server', 'invalidResponse', 'timeout'] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** What a session holds of the API's user at least (the API's `User` must be assignable to it: src/actors/user.ts). */
export interface SessionUser {
  id: string;
  email: string;
  apiKey: string;
  /** Null while the balance is not known (a server may not send it; it is then read from the task API). */
  credits: number | null;
  nickname?: string;
  [k: string]: unknown;
}

export type ThemeChoice = 'light' | 'dark' | 'system';

/**
 * What Google hands back for one sign-in attempt: its ID token (`credential`), and the raw nonce of that attempt, whose
 * SHA-256 hash the token carries in its `nonce` claim. The API checks the two belong together (docs/api.md).
 */
export interface GoogleCredential {
  credential: string;
  nonce: string;
}

export type LoginRequest =
  | { kind: 'email'; email: string; password: string }
  | { kind: 'register'; email: string; password: string; code: string }
  | { kind: 'resetPassword'; email: string; password: string; code: string }
  | ({ kind: 'google' } & GoogleCredential)
  | { kind: 'microsoft'; idToken: string };

export interface LoginSuccess {
  token: string;
  userInfo: SessionUser;
  isNewUser: boolean;
}
