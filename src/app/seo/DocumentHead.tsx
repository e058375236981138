import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { useLocation } from 'wouter';
import { config } from '../../config';
import { PRERENDERED_ATTRIBUTE } from '../../prerender/boot';

/**
 * Keeps <head> (title, description, canonical, Open Graph, Twitter) in step with the page and the language after
 * a navigation in the app or a language switch; the prerendered HTML carries the first page's. In an effect only,
 * so hydration sees what the server wrote; the table and the writing load on demand, so the entry chunk carries
 * only this.
 */
export function DocumentHead() {
  const [path] = useLocation();
  // `_` changes whenever the catalogue does (a language activated or loaded), so the head is translated again.
  const { i18n, _ } = useLingui();
  const firstRun = useRef(true);
  useEffect(() => {
    // A prerendered page came with this head, in this language: nothing to redo at the start, when the app may have
    // only the page's own messages (src/main.tsx).
    const carried =
      firstRun.current && document.documentElement.getAttribute(PRERENDERED_ATTRIBUTE) === path && document.documentElement.lang === i18n.locale;
    firstRun.current = false;
    if (carried) return;
    // Imports settle in the order they were asked for, so the last page's head is the one that stays. Offline before
    // the module came, the page keeps the head it has; the next navigation tries again.
    import('./applyHead').then(
      ({ applyHead }) => applyHead({ path, i18n, siteUrl: config.siteUrl }),
      () => undefined,
    );
  }, [path, i18n, _]);
  return null;
}
