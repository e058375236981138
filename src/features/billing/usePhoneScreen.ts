import { useSyncExternalStore } from 'react';

/** A phone, for what the page offers: a touch screen without a fine pointer, or a viewport too narrow for a desktop. */
const PHONE_QUERY = '(pointer: coarse), (max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches;
}

/** Whether the page is on a phone now (false when prerendered: the page starts as on a desktop). */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
