/** Hosts the app uses when the build does not name its own. Plain constants: the build config reads them too. */

/** Third-party IP-country lookup answering a two-letter code as plain text. */
export const DEFAULT_IP_COUNTRY_URL = 'https://ipapi.co/country/';
