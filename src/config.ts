/**
 * Build-time settings, read from `import.meta.env` once. Everything here ends up in the public bundle,
 * so none of it is a secret (see .env.example).
 */

import { checkoutHostsWith, parseCheckoutHosts, type RedirectProvider } from './domain/checkoutHosts';
import { DEFAULT_IP_COUNTRY_URL } from './services/defaultHosts';
import { DEMO_TASK_CALLBACK_PATH } from './services/demoPages';
import { siteUrlFrom } from './services/siteUrl';
import { DEFAULT_MICROSOFT_AUTHORITY } from './services/microsoft/authority';

type AppMode = 'demo' | 'live';

export interface AppConfig {
  /** 'live' iff VITE_API_BASE_URL is set; otherwise the in-browser demo API answers every call. */
  mode: AppMode;
  /** The product API host. In demo mode the page's own origin, so MSW sees absolute URLs. */
  apiBaseUrl: string;
  /** The public image-task API host (Bearer API key); defaults to the product API host. */
  generationApiBaseUrl: string;
  /**
   * Where the task API POSTs a finished task (`callBackUrl`): the operator's server, since a browser cannot
   * receive it. The Nano Banana endpoint refuses requests without one; the page polls for results either way.
   * Empty when not configured. Demo mode has its own, answered by the demo server.
   */
  taskCallbackUrl: string;
  /** Third-party IP-country lookup answering a two-letter code as plain text. */
  ipCountryUrl: string;
  googleClientId: string;
  microsoftClientId: string;
  /** Where Microsoft sign-in happens: Entra ID's `common` authority unless the build names another (checked at build). */
  microsoftAuthority: string;
  turnstileSiteKey: string;
  paypalClientId: string;
  discordInviteUrl: string;
  /** The site's public origin (canonical links, link previews, the sitemap); `npm start`'s address when unset. */
  siteUrl: string;
  /** Who sells the credits, as invoices name the seller; each empty when the operator has not set it. */
  seller: SellerDetails;
  /** Where each hosted checkout may send the buyer: its documented hosts and VITE_CHECKOUT_HOSTS (checked at build). */
  checkoutHosts: Readonly<Record<RedirectProvider, readonly string[]>>;
}

/** The seller's details on an invoice (VITE_SELLER_NAME, VITE_SELLER_ADDRESS, VITE_SELLER_TAX_ID, VITE_SELLER_EMAIL). */
export interface SellerDetails {
  name: string;
  address: string;
  taxId: string;
  email: string;
}

/** The invite the demo's Discord hands out; also what a connected demo account is shown after a reload. */
export const DEMO_DISCORD_INVITE_URL = 'https://discord.gg/nanobanana-demo';

/** Vite types env values loosely; anything but a non-blank string counts as unset. */
function setting(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function pageOrigin(): string {
  return globalThis.location?.origin ?? '';
}

function readConfig(): AppConfig {
  // Each variable is named literally so Vite can replace it at build time.
  const apiBaseUrl = setting(import.meta.env.VITE_API_BASE_URL);
  const mode: AppMode = apiBaseUrl === '' ? 'demo' : 'live';
  const resolvedApiBaseUrl = mode === 'live' ? apiBaseUrl : pageOrigin();
  const generationApiBaseUrl = mode === 'live' ? setting(import.meta.env.VITE_GENERATION_API_BASE_URL) : '';
  return {
    mode,
    apiBaseUrl: resolvedApiBaseUrl,
    // Demo mode serves the task API from the same in-browser server as everything else.
    generationApiBaseUrl: generationApiBaseUrl || resolvedApiBaseUrl,
    taskCallbackUrl: setting(import.meta.env.VITE_TASK_CALLBACK_URL) || (mode === 'demo' ? `${pageOrigin()}${DEMO_TASK_CALLBACK_PATH}` : ''),
    ipCountryUrl: setting(import.meta.env.VITE_IP_COUNTRY_URL) || DEFAULT_IP_COUNTRY_URL,
    googleClientId: setting(import.meta.env.VITE_GOOGLE_CLIENT_ID),
    microsoftClientId: setting(import.meta.env.VITE_MICROSOFT_CLIENT_ID),
    microsoftAuthority: setting(import.meta.env.VITE_MICROSOFT_AUTHORITY) || DEFAULT_MICROSOFT_AUTHORITY,
    turnstileSiteKey: setting(import.meta.env.VITE_TURNSTILE_SITE_KEY),
    paypalClientId: setting(import.meta.env.VITE_PAYPAL_CLIENT_ID),
    // A connected account learns the invite only when it connects; the demo knows its own, like a live build told it.
    discordInviteUrl: setting(import.meta.env.VITE_DISCORD_INVITE_URL) || (mode === 'demo' ? DEMO_DISCORD_INVITE_URL : ''),
    siteUrl: siteUrlFrom(import.meta.env.VITE_SITE_URL),
    seller: {
      name: setting(import.meta.env.VITE_SELLER_NAME),
      address: setting(import.meta.env.VITE_SELLER_ADDRESS),
      taxId: setting(import.meta.env.VITE_SELLER_TAX_ID),
      email: setting(import.meta.env.VITE_SELLER_EMAIL),
    },
    checkoutHosts: checkoutHostsWith(parseCheckoutHosts(import.meta.env.VITE_CHECKOUT_HOSTS)),
  };
}

/**
 * The task API's base URL as prerendered pages show it in code samples. A demo build's API is its page's own
 * origin, which the build cannot know: the site's is shown until the page is hydrated (see useBrowserValue).
 */
export function prerenderedGenerationApiBaseUrl(settings: AppConfig): string {
  return settings.mode === 'demo' ? settings.siteUrl : settings.generationApiBaseUrl;
}

export const config: Readonly<AppConfig> = Object.freeze(readConfig());
