import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { LEGAL_PAGE_PATHS, type LegalPageName } from '../domain/legalPages';

/**
 * A legal page linked from a form (sign-up, checkout): it opens in a new tab, so what the form holds stays as it
 * is, and a screen reader hears that it does.
 */
export function LegalLink({ page, children }: { page: LegalPageName; children: ReactNode }) {
  return (
    <a href={LEGAL_PAGE_PATHS[page]} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
