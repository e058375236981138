/** Demo handlers for account settings: IP whitelist, credit alerts, e-mail subscription, and the discount. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import type { Discount } from '../../api/contract';
import type { AlertsEmailRequest, EmailSubscriptionRequest, IpWhitelistRequest } from '../../api/requests';
import { accountForToken, normalizeEmail, type Account } from '../db';
import type { DemoEnvironment } from '../environment';
import { MAX_WHITELIST_ENTRIES, normalizeIpEntry } from '../../services/ipAddress';
import { BAD_REQUEST_CODE, fail, ok, route } from './route';
import { sessionExpired } from './user';

const MAX_ALERT_THRESHOLD = 1_000_000;
/** The demo's discount rule: e-mails with this tag are VIP accounts. */
const VIP_EMAIL_TAG = '+vip';

// ---------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------

const IpWhitelistInput: v.GenericSchema<unknown, IpWhitelistRequest> = v.object({ ips: v.array(v.string()) });
const AlertsInput: v.GenericSchema<unknown, AlertsEmailRequest> = v.object({
  alertEmail: v.pipe(
    v.string(),
    v.trim(),
    v.email(() => t`Enter a valid e-mail address.`),
  ),
  alertThreshold: v.pipe(
    v.number(),
    v.integer(() => t`The alert threshold must be a whole number of credits.`),
    v.minValue(1, () => t`The alert threshold must be between 1 and ${MAX_ALERT_THRESHOLD} credits.`),
    v.maxValue(MAX_ALERT_THRESHOLD, () => t`The alert threshold must be between 1 and ${MAX_ALERT_THRESHOLD} credits.`),
  ),
});
const SubscriptionInput: v.GenericSchema<unknown, EmailSubscriptionRequest> = v.object({
  emailSubscriptionFlag: v.picklist([0, 1]),
});

/** The demo's discount rule, also used to price orders (payments.ts). */
export function discountFor(account: Account): Discount {
  return account.email.includes(VIP_EMAIL_TAG) ? { percentOff: 20, label: 'VIP', expiresAt: null } : null;
}

// ---------------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------------

export function settingsHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'saveIpWhitelist', IpWhitelistInput, ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      if (input.ips.length > MAX_WHITELIST_ENTRIES) return fail(BAD_REQUEST_CODE, t`The whitelist holds at most ${MAX_WHITELIST_ENTRIES} entries.`);
      const ips: string[] = [];
      for (const entry of input.ips) {
        const normal = normalizeIpEntry(entry);
        if (normal === null) return fail(BAD_REQUEST_CODE, t`"${entry}" is not an IPv4 or IPv6 address or CIDR range.`);
        if (!ips.includes(normal)) ips.push(normal);
      }
      account.ipWhitelist = ips;
      env.db.save();
      return ok({ ips });
    }),

    route(env, 'saveAlertsEmail', AlertsInput, ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      account.alertEmail = normalizeEmail(input.alertEmail);
      account.alertThreshold = input.alertThreshold;
      env.db.save();
      return ok(null);
    }),

    route(env, 'updateEmailSubscription', SubscriptionInput, ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      account.emailSubscriptionFlag = input.emailSubscriptionFlag;
      env.db.save();
      return ok(null);
    }),

    route(env, 'userDiscount', v.unknown(), ({ token }) => {
      const account = accountForToken(env.db.read(), token);
      return account ? ok(discountFor(account)) : sessionExpired();
    }),
  ];
}
