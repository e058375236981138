/**
 * The script that runs before first paint (served as /theme-boot.js: a plain blocking script, since the CSP
 * forbids inline ones), so the page never flashes the wrong theme or language. The theme and locale machines take
 * over at boot. It is built from these parts into one classic script (theme-boot-plugin.ts), with the names it
 * shares with the app taken from the app's own modules.
 */
import { chooseBootMode } from './bootMode';
import { startAtIdleOrFirstAction } from './firstAction';
import { holdInputUntilHydrated } from './heldInput';
import { applyStoredLanguage } from './language';
import { noteStoredSession } from './session';
import { openPrerenderedDialogs } from './prerenderedDialog';
import { applyStoredTheme } from './theme';
import { createDefaultPolicy } from './trustedTypes';

const root = document.documentElement;
applyStoredTheme(root);
const storedLocale = applyStoredLanguage(root);
chooseBootMode(root, storedLocale);
noteStoredSession(root);
startAtIdleOrFirstAction(root);
openPrerenderedDialogs(root, holdInputUntilHydrated(root));
// Must exist before any other script runs.
createDefaultPolicy();
