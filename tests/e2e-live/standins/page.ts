/** What every stand-in page shares: escaping, one plain page shell, and how a route answers with a page or a redirect. */
import type { Route } from '@playwright/test';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A whole document: its title, the body's markup, and optionally a style sheet and an inline script of its own. */
export function htmlDocument(title: string, body: string, { script = '', style = '' }: { script?: string; style?: string } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${style ? `<style>${style}</style>` : ''}</head>
<body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

/** A whole page: a heading, what it says, and its forms. `script` runs as the page's own inline script. */
export function standinPage(title: string, body: string, script = ''): string {
  return htmlDocument(title, `<main><h1>${escapeHtml(title)}</h1>${body}</main>`, { script });
}

/** A button that posts to `action` on the page's own host. */
export function postButton(action: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

export function fulfillPage(route: Route, html: string, status = 200): Promise<void> {
  return route.fulfill({ status, contentType: 'text/html; charset=utf-8', body: html });
}

/** Sends the browser on, as a provider does after a form post (303: the next request is a GET). */
export function redirectTo(route: Route, location: string): Promise<void> {
  return route.fulfill({ status: 303, headers: { Location: location }, body: '' });
}

/** `url` with these query parameters added (a provider appends its own to the merchant's return address). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
}
