/** Payment orders and invoices. */
import { bindCall, downloadFile, type CallOptions } from './client';

export const payOrderList = bindCall('payOrderList');
export const applyInvoice = bindCall('applyInvoice');

/**
 * The invoice download (docs/api.md, "Invoice downloads"): fetches the link the API handed out (an order's or an
 * invoice application's download URL) as a file. Only http(s) links; the session headers go only to the API's
 * own host.
 */
export function fetchInvoiceDownload(url: string, options: Pick<CallOptions, 'signal'> = {}): Promise<Blob> {
  return downloadFile(url, options);
}
