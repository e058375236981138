import { PAGES } from '../app/seo/pages';
import { PUBLIC_PATHS, type PublicPath } from '../app/seo/site';
import { DEMO_PAGE_PATHS } from '../services/demoPages';

/**
 * The pages written as HTML at build time: what a visitor (or a search engine) gets before any script runs.
 * `module` is the page's own source file, so the build can list its code and styles in the page's <head>.
 * `readsQuery`: the page renders differently with a query string (a shared playground link, Discord's answer),
 * so such a visit is rendered in the browser instead of hydrating the page as prerendered.
 * `notThePageAt`: the addresses of the app's own pages (one ending in `/` stands for those under it), for the 404
 * file, which a static host serves at any address it has no file for: there it is not the page, and the app
 * renders the right one at once.
 */
export interface PrerenderedPage {
  path: string;
  /** The file written, relative to the build directory: `/a/b` as `a/b.html`, which static hosts (and `vite preview`) serve at `/a/b`. */
  file: string;
  module: string;
  readsQuery: boolean;
  notThePageAt?: readonly string[];
}

/** The file a path is written to: `/` as `index.html`, `/a/b` as `a/b.html`. */
function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** Each public page's source. Keyed by the public paths (the sitemap's), so a public page cannot go unrendered. */
const PUBLIC_PAGE_SOURCES: Record<PublicPath, Pick<PrerenderedPage, 'module' | 'readsQuery'>> = {
  '/': { module: 'src/features/home/HomePage.tsx', readsQuery: false },
  '/get-started': { module: 'src/features/get-started/GetStartedPage.tsx', readsQuery: false },
  '/playground/flux': { module: 'src/features/playground/PlaygroundPage.tsx', readsQuery: true },
  '/join-discord': { module: 'src/features/discord/JoinDiscordPage.tsx', readsQuery: true },
  '/terms': { module: 'src/features/legal/TermsPage.tsx', readsQuery: false },
  '/privacy': { module: 'src/features/legal/PrivacyPage.tsx', readsQuery: false },
  '/refunds': { module: 'src/features/legal/RefundsPage.tsx', readsQuery: false },
  '/contact': { module: 'src/features/legal/ContactPage.tsx', readsQuery: false },
};

/** The app's routes, and in a demo build the demo's stand-alone pages (src/services/demoPages.ts). */
function appAddresses(): string[] {
  const demo = !import.meta.env.VITE_API_BASE_URL?.trim();
  return [...Object.keys(PAGES), ...(demo ? DEMO_PAGE_PATHS : [])];
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...PUBLIC_PATHS.map((path) => ({ path, file: prerenderedFile(path), ...PUBLIC_PAGE_SOURCES[path] })),
  // Served by static hosts for any path they have no file for; the app itself decides what such a path shows.
  { path: '/404', file: '404.html', module: 'src/app/NotFoundPage.tsx', readsQuery: false, notThePageAt: appAddresses() },
];
