import { Trans } from '@lingui/react/macro';
import text from '../../../content/legal/contact.md';
import { LegalPage } from './LegalPage';

/** /contact: the operator's text from content/legal/contact.md. */
export default function ContactPage() {
  return <LegalPage title={<Trans>Contact us</Trans>} document={text} />;
}
