/**
 * WeChat Pay's side of a Native payment: the buyer scans the `weixin://wxpay/bizpayurl?pr=…` code and pays in
 * WeChat, and WeChat Pay notifies the merchant's notify_url with a TRANSACTION.SUCCESS event for the order
 * (`out_trade_no`), its amount in fen (cents), signed in the Wechatpay-Signature header over timestamp, nonce and
 * body. A test calls this where the buyer would pay on the phone.
 */
import { randomBytes } from 'node:crypto';
import { toCents, wechatSign } from '../server/merchant';

export async function notifyWechatPaid(apiUrl: string, orderNo: string, amount: number): Promise<Response> {
  const body = JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: new Date().toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: '支付成功',
    resource: {
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
