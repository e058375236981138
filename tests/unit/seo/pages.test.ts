/** The head table: one entry per route of the app, the public ones those of the sitemap, the 404 for the rest. */
import { describe, expect, it } from 'vitest';
import { NOT_FOUND, PAGES, headFor } from '../../../src/app/seo/pages';
import { PUBLIC_PATHS } from '../../../src/app/seo/site';
import routesSource from '../../../src/app/routes.tsx?raw';

describe('headFor', () => {
  it('finds each page as the router matches it: any case, with or without a trailing slash', () => {
    expect(headFor('/get-started')).toBe(PAGES['/get-started']);
    expect(headFor('/Get-Started/')).toBe(PAGES['/get-started']);
    expect(headFor('/')).toBe(PAGES['/']);
    expect(headFor('/dashboard/api-keys')).toBe(PAGES['/dashboard/api-keys']);
  });

  it('gives an unknown address the 404 page, kept out of search results', () => {
    for (const path of ['/no-such-page', '/get-started/extra', '/get-started//', '/404', '']) expect(headFor(path), path).toBe(NOT_FOUND);
    expect(NOT_FOUND.noindex).toBe(true);
    expect(NOT_FOUND.public).toBeUndefined();
  });

  it('marks exactly the sitemap’s pages public, and none of them noindex', () => {
    const publicPaths = Object.entries(PAGES)
      .filter(([, head]) => head.public)
      .map(([path]) => path);
    expect(publicPaths.sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const path of PUBLIC_PATHS) {
      expect(headFor(path).noindex, path).toBeUndefined();
      expect(headFor(path).description, path).toBeDefined();
    }
  });

  it('has a title for every route of the app', () => {
    const routes = [...routesSource.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(routes).toContain('/dashboard/settings');
    for (const route of routes) expect(Object.keys(PAGES), route).toContain(route);
    expect(Object.keys(PAGES).sort()).toEqual([...routes].sort());
  });
});
