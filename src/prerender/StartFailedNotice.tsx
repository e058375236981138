import { Trans } from '@lingui/react/macro';
import type { Locale } from '../common/types';
import { START_FAILED_ATTRIBUTE } from './startFailure';

/**
 * What a page says when its code cannot be fetched (src/prerender/startFailure.ts). Rendered at build time into
 * static markup outside the app's root, so it uses the global stylesheet's classes, not a CSS module.
 */
export function StartFailedNotice({ locale }: { locale: Locale }) {
  return (
    <div className="start-failed" role="alert" lang={locale} hidden {...{ [START_FAILED_ATTRIBUTE]: '' }}>
      <p>
        <strong>
          <Trans>This page could not finish loading.</Trans>
        </strong>{' '}
        <Trans>Check your connection and reload. If it keeps happening, contact support.</Trans>
      </p>
      <button type="button" className="start-failed-reload">
        <Trans>Reload the page</Trans>
      </button>
    </div>
  );
}
