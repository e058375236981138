import { useResource } from '../../actors/resource';
import { discountRead } from '../../actors/reads';
import type { Discount } from '../../api/contract';

/** The account's discount (null while loading, if it has none, or if it could not be read: list prices then). */
export function useDiscount(): Discount | null {
  return useResource(discountRead).value;
}
