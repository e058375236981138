/**
 * The navigations of the payment and Discord flows vet their address again where they happen (location.assign),
 * not only in the machine's guard: a path that reached the action some other way still sends nobody anywhere unsafe.
 */
import { describe, expect, it, vi } from 'vitest';
import { createRedirectPaymentLogic } from '../../../src/actors/payments';
import { createDiscordJoinLogic } from '../../../src/actors/discordJoin';
import type { UserActor } from '../../../src/actors/app';

const quietUser = { send: () => undefined } as unknown as UserActor;
type Action = (args: unknown, params?: unknown) => void;

const UNSAFE = [
  'javascript:alert(document.domain)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/pay',
  'http://creem.io/checkout/prod_1/ch_1',
];

describe('redirect sinks', () => {
  it.each(UNSAFE)('the checkout redirect never assigns %j', (checkoutUrl) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const redirect = createRedirectPaymentLogic('creem', { user: quietUser, onPaid: () => undefined, paypal: null }).implementations.actions
      .redirectToCheckout as Action;
    redirect({ context: { order: { orderNo: 'o-1', checkoutUrl } } });
    expect(assign).not.toHaveBeenCalled();
  });

  it('the checkout redirect goes to the provider’s own checkout', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const redirect = createRedirectPaymentLogic('creem', { user: quietUser, onPaid: () => undefined, paypal: null }).implementations.actions
      .redirectToCheckout as Action;
    redirect({ context: { order: { orderNo: 'o-1', checkoutUrl: 'https://creem.io/checkout/prod_1/ch_1' } } });
    expect(assign).toHaveBeenCalledWith('https://creem.io/checkout/prod_1/ch_1');
  });

  it.each(UNSAFE)('the Discord redirect never assigns %j', (url) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const redirect = createDiscordJoinLogic(quietUser).implementations.actions.redirectTo as Action;
    redirect({}, { url });
    expect(assign).not.toHaveBeenCalled();
  });
});
