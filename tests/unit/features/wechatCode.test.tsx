/**
 * The WeChat Pay code is drawn as a QR code as the server sends it. A QR code holds 2953 bytes at most and
 * qrcode.react throws on more: an over-long code from a broken server must leave the checkout on screen, saying
 * what to do, instead of taking the billing page down.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createActor, fromPromise } from 'xstate';
import { orderCheckOutcome, type CheckOrderResponse, type CreateOrderInput } from '../../../machines/payment.shared';
import { pollingCheck } from '../../../machines/polling.machine';
import { createPollerLogic } from '../../../src/actors/polling';
import type { CreateWechatOrderResponse } from '../../../machines/wechatPayment.machine';
import { createWechatPaymentLogic, type PaymentWiring } from '../../../src/actors/payments';
import type { UserActor } from '../../../src/actors/app';
import { CheckoutBody } from '../../../src/features/billing/Checkout';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const wiring = { user: { send: () => undefined } as unknown as UserActor, onPaid: () => undefined, paypal: null, accountId: 'u-1' } as PaymentWiring;

async function payWithCode(codeUrl: string) {
  const logic = createWechatPaymentLogic(wiring).provide({
    actors: {
      createOrder: fromPromise<CreateWechatOrderResponse, CreateOrderInput>(async () => ({
        code: 200,
        msg: 'ok',
        data: { orderNo: 'o-wx', codeUrl, expireTime: new Date(Date.now() + 10 * 60_000).toISOString() },
      })),
      // Nobody has paid yet: the check never answers within the test.
      poller: createPollerLogic(pollingCheck(orderCheckOutcome, () => new Promise<CheckOrderResponse>(() => undefined))),
    },
  });
  const actor = createActor(logic, { input: { resume: null } }).start();
  render(
    <I18nProvider i18n={i18n}>
      <CheckoutBody actor={actor} provider="wechat" packageId="starter" discount={null} resume={null} onPaid={() => undefined}>
        {() => null}
      </CheckoutBody>
    </I18nProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: /^Pay .* with WeChat Pay$/ }));
  return actor;
}

describe('the WeChat Pay code', () => {
  it('is drawn as a QR code when it fits', async () => {
    const actor = await payWithCode('weixin://wxpay/bizpayurl?pr=abc');
    expect(await screen.findByTitle('WeChat Pay QR code')).toBeInTheDocument();
    actor.stop();
  });

  it('too long for any QR code: the checkout stays, says so, and can be cancelled', async () => {
    const actor = await payWithCode(`weixin://wxpay/bizpayurl?pr=${'x'.repeat(5000)}`);
    expect(
      await screen.findByText('This payment code is too long to show as a QR code. Cancel the payment and choose another method.'),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('WeChat Pay QR code')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText('Payment cancelled. Nothing was charged.')).toBeInTheDocument();
    actor.stop();
  });
});
