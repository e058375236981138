/**
 * Where the stored login lives (src/services/session.ts). The script that runs before first paint reads them too
 * (src/prerender/themeBoot/), built from this module, so each name is written once.
 */
export const TOKEN_COOKIE = 'authorization';
export const CACHED_USER_KEY = 'nanobanana.userInfo';
