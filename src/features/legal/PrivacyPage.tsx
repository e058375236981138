import { Trans } from '@lingui/react/macro';
import text from '../../../content/legal/privacy.md';
import { LegalPage } from './LegalPage';

/** /privacy: the operator's text from content/legal/privacy.md. */
export default function PrivacyPage() {
  return <LegalPage title={<Trans>Privacy policy</Trans>} document={text} />;
}
