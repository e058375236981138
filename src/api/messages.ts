/**
 * The API layer's user-facing texts. Functions, so each toast is translated into the locale active
 * when it shows. The first two are fixed word for word (docs/product.md, "Envelope rules").
 */
import { t } from '@lingui/core/macro';

export const sessionExpiredMessage = () => t`Login has expired. Please login again`;
export const serverFallbackMessage = () => t`Server exception, please contact customer service or try again later!`;
export const apiKeyRejectedMessage = () => t`Your API key was rejected. Check it on the API keys page.`;
export const networkMessage = () => t`Could not reach the server. Check your connection and try again.`;
export const timeoutMessage = () => t`The request timed out. Please try again.`;
export const httpStatusMessage = (status: number) => t`Request failed with status code ${status}`;
export const abortedMessage = () => t`The request was cancelled.`;
export const unsafeUrlMessage = () => t`This download link is not valid.`;
