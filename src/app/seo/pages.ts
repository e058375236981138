import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** One route's <head>: translated when shown (descriptors only here, so the table costs the entry chunk little). */
export interface PageHead {
  title: MessageDescriptor;
  /** Pages without one are described as the site is (the landing page's). */
  description?: MessageDescriptor;
  /** Prerendered and listed in the sitemap: must match PUBLIC_PATHS in site.ts (a unit test holds them together). */
  public?: true;
  /** Kept out of search results: a robots noindex, and no canonical link (one file answers every unknown address). */
  noindex?: true;
}

export const HOME = {
  title: msg`Nano Banana API — image generation API for developers`,
  description: msg`Generate and edit images with Nano Banana, Nano Banana 2 and Nano Banana Pro through one task API. Pay per image with credits; failed tasks cost nothing.`,
  public: true,
} satisfies PageHead;

export const NOT_FOUND: PageHead = {
  title: msg`Page not found — Nano Banana API`,
  description: msg`There is no page at this address: it may be mistyped, or the page has moved. Start again from the home page of Nano Banana API, the image generation API.`,
  noindex: true,
};

/** Every route of src/app/routes.tsx, by path. */
export const PAGES: Readonly<Record<string, PageHead>> = {
  '/': HOME,
  '/get-started': {
    title: msg`Quick start: first image in five steps — Nano Banana API`,
    description: msg`Your first AI image in five steps: sign in, get an API key, create a generation task with one HTTP call, then poll the task until the images are ready.`,
    public: true,
  },
  '/playground/flux': {
    title: msg`Image playground: try Nano Banana models — Nano Banana API`,
    description: msg`Try Nano Banana, Nano Banana 2 and Nano Banana Pro in your browser: pick a model, an aspect ratio and reference images, generate, then copy the call as code.`,
    public: true,
  },
  '/join-discord': {
    title: msg`Join the Discord community — Nano Banana API`,
    description: msg`Join the Nano Banana API community on Discord: get help with the API, prompts and billing, hear about new models first, and share what you make.`,
    public: true,
  },
  '/docs': {
    title: msg`API reference — Nano Banana API`,
    description: msg`The Nano Banana API reference: create image tasks with Nano Banana, Nano Banana 2 and Nano Banana Pro and read their results, with curl, JavaScript and Python.`,
  },
  // The legal pages: the operator's texts (content/legal/), in the language they were written in.
  '/terms': {
    title: msg`Terms of service — Nano Banana API`,
    description: msg`The terms of service of Nano Banana API: who runs the service, accounts and API keys, credits and payments, acceptable use, and the governing law.`,
    public: true,
  },
  '/privacy': {
    title: msg`Privacy policy — Nano Banana API`,
    description: msg`How Nano Banana API handles personal data: what is collected, why, who receives it, how long it is kept, and your rights.`,
    public: true,
  },
  '/refunds': {
    title: msg`Refund policy — Nano Banana API`,
    description: msg`Refunds at Nano Banana API: failed tasks cost nothing, how to ask for unused credits back, and how and when the money is paid back to you.`,
    public: true,
  },
  '/contact': {
    title: msg`Contact us — Nano Banana API`,
    description: msg`How to reach the team behind Nano Banana API for support, billing, privacy and legal questions, and the company's details.`,
    public: true,
  },
  '/dashboard': { title: msg`Dashboard overview — Nano Banana API` },
  '/dashboard/api-keys': { title: msg`API keys — Nano Banana API` },
  '/dashboard/billing': { title: msg`Billing — Nano Banana API` },
  '/dashboard/settings': { title: msg`Settings — Nano Banana API` },
  '/recent-history': { title: msg`History — Nano Banana API` },
  // The explorer exists in demo builds only (routes.tsx applies the same rule); elsewhere its address is a 404.
  ...(import.meta.env.VITE_API_BASE_URL?.trim() ? {} : { '/__machines': { title: msg`Statechart explorer — Nano Banana API` } }),
};

/** The head of the page at `path`, matched as the router does (any case, a trailing slash or not); else the 404's. */
export function headFor(path: string): PageHead {
  return PAGES[canonicalPath(path)] ?? NOT_FOUND;
}

/** `path` as the table (and the canonical link) spells it. */
export function canonicalPath(path: string): string {
  return path.toLowerCase().replace(/(.)\/$/, '$1');
}
