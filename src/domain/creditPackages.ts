/**
 * The credit-package catalogue (an addition: the platform's API has no catalogue call). The client shows it
 * and the demo server prices orders from it; a live API is expected to price by the same ids.
 */
import type { Discount } from '../api/contract';

export interface CreditPackage {
  /** The API's id (internal: never shown to a buyer). */
  id: string;
  /** The name buyers see, on the page and on invoices: a product name, the same in every language. */
  name: string;
  /** Credits bought. */
  credits: number;
  /** Credits given on top, free. */
  bonusCredits: number;
  /** List price in US dollars, before any discount. */
  priceUsd: number;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'starter', name: 'Starter', credits: 1_000, bonusCredits: 0, priceUsd: 10 },
  { id: 'builder', name: 'Builder', credits: 5_000, bonusCredits: 250, priceUsd: 50 },
  { id: 'studio', name: 'Studio', credits: 10_000, bonusCredits: 1_000, priceUsd: 100 },
  { id: 'scale', name: 'Scale', credits: 50_000, bonusCredits: 7_500, priceUsd: 500 },
];

export const CURRENCY = 'USD';

/** Credits every new account starts with, so the playground works at once (the landing page says so). */
export const FREE_SIGN_UP_CREDITS = 100;

export function findPackage(id: string): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((one) => one.id === id);
}

export function totalCredits(creditPackage: CreditPackage): number {
  return creditPackage.credits + creditPackage.bonusCredits;
}

/** The price to pay, in dollars rounded to the cent, after the account's discount if it has one. */
export function priceAfterDiscount(creditPackage: CreditPackage, discount: Discount | null): number {
  const percentOff = discount && discount.percentOff > 0 && discount.percentOff < 100 ? discount.percentOff : 0;
  return Math.round(creditPackage.priceUsd * (100 - percentOff)) / 100;
}
