import { Trans } from '@lingui/react/macro';
import text from '../../../content/legal/terms.md';
import { LegalPage } from './LegalPage';

/** /terms: the operator's text from content/legal/terms.md. */
export default function TermsPage() {
  return <LegalPage title={<Trans>Terms of service</Trans>} document={text} />;
}
