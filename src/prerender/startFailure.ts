/**
 * When the app's code cannot be fetched (offline on a first visit, or a new version deployed meanwhile), a
 * prerendered page stays readable but its controls would do nothing, and theme-boot.js would hold their clicks
 * for good. The build writes a notice into every page, once per language (src/prerender/StartFailedNotice.tsx),
 * hidden; src/entry.ts shows the visitor's. theme-boot.js keeps holding the page's own controls (a released
 * submit button would send its form to the server as a plain page load); the notice, outside the root, is not held.
 * Imported by the entry script: it stays free of React and of the app.
 */
import { PRERENDERED_DIALOG_ATTRIBUTE } from './boot';

export const START_FAILED_ATTRIBUTE = 'data-start-failed';

/** Shows the notice in the page's language (English if the page has none in it). */
export function showStartFailure(error: unknown): void {
  console.error(error);
  // The page's controls stay held, but nothing is on its way any more: the progress pointer and bar go.
  document.documentElement.dataset.start = 'failed';
  // A copy of the sign-in dialog opened meanwhile (themeBoot/prerenderedDialog.ts) can send nothing: it closes, so
  // that the notice shows, and no other opens.
  for (const dialog of document.querySelectorAll<HTMLDialogElement>(`dialog[${PRERENDERED_DIALOG_ATTRIBUTE}][open]`)) dialog.close();
  const notices = [...document.querySelectorAll<HTMLElement>(`[${START_FAILED_ATTRIBUTE}]`)];
  const notice =
    notices.find((candidate) => candidate.lang === document.documentElement.lang) ?? notices.find((candidate) => candidate.lang === 'en');
  if (notice) {
    notice.hidden = false;
    // Browsers keep a script that failed to load as failed for the document's life: only a reload fetches it again.
    notice.querySelector('button')?.addEventListener('click', () => window.location.reload());
  }
}
