/** Buying credits: one order-creating call per payment provider, PayPal's follow-ups, the zip lookup. */
import { bindCall } from './client';

export const freekassaCreate = bindCall('freekassaCreate');
export const digisellerCreate = bindCall('digisellerCreate');
export const creemCheckout = bindCall('creemCheckout');
export const nowpaymentsInvoice = bindCall('nowpaymentsInvoice');
/** Answers the QR code URL the buyer scans. */
export const wechatCreate = bindCall('wechatCreate');

export const paypalCreate = bindCall('paypalCreate');
export const paypalCapture = bindCall('paypalCapture');
export const paypalCheckOrderStatus = bindCall('paypalCheckOrderStatus');
export const paypalUserIdToken = bindCall('paypalUserIdToken');
export const paypalVaults = bindCall('paypalVaults');

/** The state for a country code and zip code (tax details at checkout). */
export const zipcodeInfo = bindCall('zipcodeInfo');
