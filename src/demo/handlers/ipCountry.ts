/** The IP-country lookup service, answered with the country chosen in the demo controls. */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { DEFAULT_IP_COUNTRY_URL } from '../../services/defaultHosts';
import type { DemoEnvironment } from '../environment';

/** The same rule as src/config's ipCountryUrl, read here so the handlers need nothing from outside the demo. */
export function ipCountryUrl(): string {
  const configured: unknown = import.meta.env.VITE_IP_COUNTRY_URL;
  const url = typeof configured === 'string' ? configured.trim() : '';
  return url || DEFAULT_IP_COUNTRY_URL;
}

export function ipCountryHandlers(env: DemoEnvironment): HttpHandler[] {
  // A third-party service, not the product API: no envelope, and the armed failures leave it alone.
  return [http.get(ipCountryUrl(), () => HttpResponse.text(env.controls.get().ipCountry))];
}
