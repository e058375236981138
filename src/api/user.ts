/** The signed-in user's account: profile, API keys, discount, alerts, whitelist, subscription, Discord. */
import { bindCall } from './client';

export const userInfo = bindCall('userInfo');
export const userDiscount = bindCall('userDiscount');

/** Replaces the primary key (the one user-info reports). */
export const resetApiKey = bindCall('resetApiKey');
export const apiKeyList = bindCall('apiKeyList');
export const addApiKey = bindCall('addApiKey');
export const updateApiKeyName = bindCall('updateApiKeyName');
export const deleteApiKey = bindCall('deleteApiKey');

export const setAutomaticDeduction = bindCall('setAutomaticDeduction');
/** The low-credit alert: e-mail and threshold. */
export const saveAlertsEmail = bindCall('saveAlertsEmail');
export const saveIpWhitelist = bindCall('saveIpWhitelist');
export const updateEmailSubscription = bindCall('updateEmailSubscription');

export const discordAuthorizeUrl = bindCall('discordAuthorizeUrl');
/** Finishes the Discord OAuth round trip with the `oauthCode` it returned. */
export const discordAuthorize = bindCall('discordAuthorize');
