#!/usr/bin/env node
// Draws public/og-image.png, the picture link previews show (Open Graph and Twitter cards, 1200×630): the logo of
// src/app/Logo.tsx, the name, the landing page's headline and the models, in the app's dark-theme colours
// (src/styles/global.css). An HTML page rendered by Chromium and screenshotted; run it again after changing any of
// those:
//
//   node scripts/og-image.mjs [--out FILE]
//
// Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); it never downloads a browser.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WIDTH = 1200;
const HEIGHT = 630;
/** Previews fetch the image on every share; keep it small. */
const MAX_BYTES = 100 * 1024;

/** The logo's drawing, taken from the component itself so the two cannot drift apart. */
function logoMarkup() {
  const source = readFileSync(join(ROOT, 'src/app/Logo.tsx'), 'utf8');
  const inner = /<svg[^>]*>([\s\S]*?)<\/svg>/.exec(source)?.[1];
  if (!inner || /[{}]/.test(inner)) throw new Error('src/app/Logo.tsx: expected an <svg> whose shapes are plain markup');
  return `<svg viewBox="0 0 32 32" aria-hidden="true">${inner.trim()}</svg>`;
}

/** A colour of the dark theme (the :root[data-theme='dark'] block of global.css). */
function darkColour(css, name) {
  const block = /:root\[data-theme='dark'\]\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const value = new RegExp(`${name}:\\s*(#[0-9a-f]{3,8})`, 'i').exec(block)?.[1];
  if (!value) throw new Error(`src/styles/global.css: no ${name} in the dark theme`);
  return value;
}

function page() {
  const css = readFileSync(join(ROOT, 'src/styles/global.css'), 'utf8');
  const colour = {
    bg: darkColour(css, '--color-bg'),
    surface: darkColour(css, '--color-surface-2'),
    border: darkColour(css, '--color-border'),
    text: darkColour(css, '--color-text'),
    muted: darkColour(css, '--color-text-muted'),
    accent: darkColour(css, '--color-accent'),
  };
  const models = ['Nano Banana', 'Nano Banana 2', 'Nano Banana Pro'].map((name) => `<li>${name}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${WIDTH}px; height: ${HEIGHT}px; }
  body {
    background: ${colour.bg}; color: ${colour.text};
    font-family: 'Liberation Sans', Arial, 'DejaVu Sans', sans-serif;
    display: flex; align-items: center; gap: 64px; padding: 0 80px;
    border-bottom: 14px solid ${colour.accent};
  }
  .logo svg { display: block; width: 260px; height: 260px; border-radius: 65px; box-shadow: 0 0 0 3px ${colour.border}; }
  .text { flex: 1; }
  h1 { font-size: 76px; font-weight: 700; letter-spacing: -1.5px; line-height: 1; }
  h1 span { color: ${colour.accent}; }
  p { margin-top: 28px; font-size: 38px; line-height: 1.25; color: ${colour.text}; }
  ul { margin-top: 40px; display: flex; gap: 12px; list-style: none; }
  li { white-space: nowrap; font-size: 24px; font-weight: 700; color: ${colour.muted}; background: ${colour.surface}; border: 2px solid ${colour.border}; border-radius: 999px; padding: 10px 18px; }
</style></head>
<body>
  <div class="logo">${logoMarkup()}</div>
  <div class="text">
    <h1>Nano Banana <span>API</span></h1>
    <p>Image generation for your product,<br>one API call away</p>
    <ul>${models}</ul>
  </div>
</body></html>`;
}

async function main() {
  const args = process.argv.slice(2);
  const out = args[0] === '--out' && args[1] ? resolve(args[1]) : join(ROOT, 'public/og-image.png');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    await tab.setContent(page());
    await tab.evaluate(() => document.fonts.ready);
    await tab.screenshot({ path: out, type: 'png' });
  } finally {
    await browser.close();
  }
  const bytes = statSync(out).size;
  if (bytes > MAX_BYTES) throw new Error(`${out} is ${Math.round(bytes / 1024)} KiB, over the ${MAX_BYTES / 1024} KiB budget`);
  console.log(`og-image: ${relative(ROOT, out)} (${WIDTH}×${HEIGHT}, ${Math.round(bytes / 1024)} KiB)`);
}

main().catch((error) => {
  console.error(`og-image failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
