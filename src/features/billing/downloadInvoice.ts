import { t } from '@lingui/core/macro';
import { toast } from '../../ui/toast';
import { fetchInvoiceDownload } from '../../api/orders';

/**
 * Fetches the invoice link the API handed out (docs/api.md, "Invoice downloads") and saves it as a file.
 * A toast says it is on its way and what went wrong if it fails; nothing else on the page waits for it.
 */
export function downloadInvoice(url: string, orderNo: string): void {
  const saving = fetchInvoiceDownload(url).then((blob) => {
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = `invoice-${orderNo}${blob.type.includes('pdf') ? '.pdf' : blob.type.includes('html') ? '.html' : ''}`;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  });
  void toast.promise(saving, {
    loading: t`Downloading the invoice…`,
    success: t`Invoice downloaded.`,
    error: (error: unknown) => t`The invoice could not be downloaded: ${error instanceof Error ? error.message : String(error)}`,
  });
}
