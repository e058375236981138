import { Trans } from '@lingui/react/macro';
import text from '../../../content/legal/refunds.md';
import { LegalPage } from './LegalPage';

/** /refunds: the operator's text from content/legal/refunds.md. */
export default function RefundsPage() {
  return <LegalPage title={<Trans>Refund policy</Trans>} document={text} />;
}
