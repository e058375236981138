/**
 * Analytics events for the tag manager's data layer. Analytics must never break a flow: a failure is
 * logged and swallowed (docs/product.md, "Analytics").
 */

export type AnalyticsEvent = { event: string } & Record<string, unknown>;
export type SignUpMethod = 'Google' | 'Microsoft' | 'Email';

interface WithDataLayer {
  dataLayer?: unknown[];
}

export function pushAnalyticsEvent(event: AnalyticsEvent): void {
  try {
    const target = window as Window & WithDataLayer;
    target.dataLayer ??= [];
    target.dataLayer.push(event);
  } catch (error) {
    console.error('Analytics push failed', error);
  }
}

export function signUpSuccess(method: SignUpMethod): void {
  pushAnalyticsEvent({ event: 'sign_up_success', method });
}
