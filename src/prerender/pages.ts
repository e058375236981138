/**
 * The pages written as HTML at build time: what a visitor (or a search engine) gets before any script runs.
 * `module` is the page's own source file, so the build can list its code and styles in the page's <head>.
 * `readsQuery`: the page renders differently with a query string (a shared playground link, Discord's answer),
 * so such a visit is rendered in the browser instead of hydrating the page as prerendered.
 */
export interface PrerenderedPage {
  path: string;
  /** The file written, relative to the build directory: `/a/b` as `a/b.html`, which static hosts (and `vite preview`) serve at `/a/b`. */
  file: string;
  module: string;
  readsQuery: boolean;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html', module: 'src/features/home/HomePage.tsx', readsQuery: false },
  { path: '/get-started', file: 'get-started.html', module: 'src/features/get-started/GetStartedPage.tsx', readsQuery: false },
  { path: '/playground/flux', file: 'playground/flux.html', module: 'src/features/playground/PlaygroundPage.tsx', readsQuery: true },
  { path: '/join-discord', file: 'join-discord.html', module: 'src/features/discord/JoinDiscordPage.tsx', readsQuery: true },
  // Served by static hosts for any path they have no file for; the app itself decides what such a path shows.
  { path: '/404', file: '404.html', module: 'src/app/NotFoundPage.tsx', readsQuery: false },
];
