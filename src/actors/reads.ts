import { paypalVaults, zipcodeInfo } from '../api/trade';
import { userDiscount } from '../api/user';
import { defineRead } from './resource';

/**
 * The reads views show with `useResource`, each declared once: views that show the same one at the same time
 * share its request and its state.
 */

/** The account's discount: a Discount, or null when it has none. */
export const discountRead = defineRead(() => userDiscount());

/** The PayPal methods the account saved (get-all-available-vaults). */
export const paypalVaultsRead = defineRead(() => paypalVaults());

/** The US state of a complete ZIP code. */
export const zipStateRead = defineRead((zip: string) => zipcodeInfo({ countryCode: 'US', zipcode: zip }));
