/**
 * WeChat Pay's side of a Native payment: the buyer scans the `weixin://wxpay/bizpayurl?pr=…` code and pays in
 * WeChat, and WeChat Pay notifies the merchant's notify_url with a TRANSACTION.SUCCESS event for the order
 * (`out_trade_no`), its amount in fen (cents), signed in the Wechatpay-Signature header over timestamp, nonce and
 * body. A test calls this where the buyer would pay on the phone, with the code the page showed.
 *
 * WeChat's notification names the order by out_trade_no; this one also carries the prepay id of the code scanned
 * (the `pr` of the code URL), so the API settles the checkout that code belongs to and a test proves that the code
 * the app showed is the one paid.
 */
import { randomBytes } from 'node:crypto';
import { toCents, wechatSign } from '../server/merchant';

/** The prepay id a Native payment's code URL carries; null for anything but `weixin://wxpay/bizpayurl?pr=…`. */
function prepayIdOf(codeUrl: string): string | null {
  const match = /^weixin:\/\/wxpay\/bizpayurl\?pr=([0-9A-Za-z]+)$/.exec(codeUrl);
  return match?.[1] ?? null;
}

export async function notifyWechatPaid(apiUrl: string, codeUrl: string, orderNo: string, amount: number): Promise<Response> {
  const prepayId = prepayIdOf(codeUrl);
  if (prepayId === null) throw new Error(`Not a WeChat Pay code URL: ${codeUrl}`);
  const body = JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: new Date().toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: '支付成功',
    resource: {
      prepay_id: prepayId,
      out_trade_no: orderNo,
      transaction_id: `4200${Date.now()}`,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      amount: { total: toCents(amount), currency: 'USD' },
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return fetch(`${apiUrl}/__test/providers/wechat/notify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': wechatSign(timestamp, nonce, body),
    },
    body,
  });
}
