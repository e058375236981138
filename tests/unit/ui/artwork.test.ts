import { describe, expect, it } from 'vitest';
import { ARTWORK_THEMES, artworkSvg, artworkTheme, type ArtworkSpec } from '../../../src/ui/artwork/artwork';

const SPEC: ArtworkSpec = { prompt: 'A banana-shaped spaceship over a neon city at dusk', seed: 42, index: 0, width: 1024, height: 1024 };

const SIZES: [width: number, height: number][] = [
  [1024, 1024],
  [1344, 768],
  [768, 1344],
  [1536, 672],
];

/** Prompts that reach every theme, every kind of terrain, water and none. */
const PROMPTS = [
  SPEC.prompt,
  'Watercolor fox reading a book under a maple tree',
  'Snowy mountain range at sunrise',
  'Macro photo of dew drops',
  'Astronaut in a sunflower field',
  'Misty pine forest valley in soft morning light',
  'Calm lake at dawn',
  'Desert dunes',
  'Pastel clouds',
  'A cat sitting on a windowsill',
  '',
];

function parse(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

function expectWellFormed(svg: string): Element {
  // happy-dom's parser lets a bare "&" or "<" through; the artwork needs neither entities nor text.
  expect(svg).not.toMatch(/&|<(?![a-zA-Z/])/);
  const document = parse(svg);
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = document.documentElement;
  expect(root.tagName).toBe('svg');
  return root;
}

/** The sky's stop colours: the picture's dominant colours. */
function skyColours(svg: string): string[] {
  const sky = parse(svg).querySelector('linearGradient[gradientUnits="userSpaceOnUse"]');
  return [...(sky?.querySelectorAll('stop') ?? [])].map((stop) => stop.getAttribute('stop-color') ?? '');
}

function channels(hex: string): [red: number, green: number, blue: number] {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

describe('artworkSvg', () => {
  it('draws the same picture for the same spec', () => {
    expect(artworkSvg({ ...SPEC })).toBe(artworkSvg({ ...SPEC }));
  });

  it('draws a different picture for another seed, prompt or image index', () => {
    const original = artworkSvg(SPEC);
    const variants = [
      artworkSvg({ ...SPEC, seed: 43 }),
      artworkSvg({ ...SPEC, index: 1 }),
      artworkSvg({ ...SPEC, index: 2 }),
      artworkSvg({ ...SPEC, index: 3 }),
      artworkSvg({ ...SPEC, prompt: `${SPEC.prompt}!` }),
    ];
    for (const variant of variants) expect(variant).not.toBe(original);
    expect(new Set(variants).size).toBe(variants.length);
  });

  it.each(SIZES)('is exactly %i×%i, with a matching viewBox', (width, height) => {
    for (const prompt of PROMPTS) {
      const root = expectWellFormed(artworkSvg({ ...SPEC, prompt, width, height }));
      expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
      expect(root.getAttribute('width')).toBe(String(width));
      expect(root.getAttribute('height')).toBe(String(height));
      expect(root.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`);
    }
  });

  it('is self-contained, without scripts, text or anything external, and small', () => {
    for (const prompt of PROMPTS) {
      for (const [width, height] of SIZES) {
        for (let seed = 0; seed < 8; seed++) {
          const svg = artworkSvg({ prompt, seed, index: seed % 4, width, height });
          expect(svg).not.toMatch(/<script|<text|<foreignObject|<image|javascript:|\son\w+=/i);
          // Only the namespace may name a URL; references stay inside the document.
          expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|\/\//);
          for (const reference of svg.matchAll(/(?:href="|url\()([^")]*)/g)) expect(reference[1]).toMatch(/^#a[0-9a-z]+$/);
          expect(svg.length).toBeLessThan(20_000);
        }
      }
    }
  });

  it('gives every artwork its own ids, so several can share one page', () => {
    const ids = (svg: string) => new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    const first = ids(artworkSvg(SPEC));
    const second = ids(artworkSvg({ ...SPEC, index: 1 }));
    expect(first.size).toBeGreaterThan(0);
    expect([...first].filter((id) => second.has(id))).toEqual([]);
  });

  it.each([
    'He said "hi" & <b>left</b> \'quickly\' ]]> <!-- -->',
    '🍌🚀✨ 漢字 Ünïcødé \u0000 \uD800',
    '<svg onload="alert(1)"><script>alert(1)</script>',
    'x'.repeat(5000),
  ])('never writes the prompt into the markup: %#', (prompt) => {
    const svg = artworkSvg({ ...SPEC, prompt });
    expectWellFormed(svg);
    expect(svg).not.toMatch(/alert|quickly|🍌|漢字|xxxxxxxx/);
  });

  it('survives odd sizes and seeds', () => {
    for (const spec of [
      { ...SPEC, width: 1, height: 1 },
      { ...SPEC, width: 64.6, height: 31.2 },
      { ...SPEC, seed: -1 },
      { ...SPEC, seed: Number.MAX_SAFE_INTEGER },
      { ...SPEC, seed: 0.5 },
    ]) {
      const root = expectWellFormed(artworkSvg(spec));
      expect(Number(root.getAttribute('width'))).toBe(Math.max(1, Math.round(spec.width)));
      expect(artworkSvg(spec)).not.toMatch(/NaN|Infinity|undefined/);
    }
  });
});

describe('the palette follows the prompt', () => {
  it.each([
    ['A banana-shaped spaceship over a neon city at dusk', 'neon'],
    ['Cyberpunk alley', 'neon'],
    ['Astronaut in a sunflower field', 'night'],
    ['Starry sky over the desert', 'night'],
    ['Snowy mountain range at sunrise', 'snow'],
    ['Sunset over layered ridges', 'sunset'],
    ['Turquoise ocean waves', 'ocean'],
    ['Watercolor fox reading a book under a maple tree', 'autumn'],
    ['Misty pine forest valley', 'forest'],
    ['Golden banana-yellow dunes', 'gold'],
    ['Desert dunes', 'desert'],
    ['Pastel clouds', 'pastel'],
  ])('%s → %s', (prompt, theme) => {
    expect(artworkTheme(prompt).name).toBe(theme);
  });

  it('matches whole words only: "watercolor" is not water', () => {
    expect(artworkTheme('Watercolor portrait').name).not.toBe('ocean');
    expect(artworkTheme('A watercolor of the sea').name).toBe('ocean');
  });

  it('picks some theme for any other prompt, always the same one', () => {
    const names = new Set(ARTWORK_THEMES.map((theme) => theme.name));
    for (const prompt of ['A cat sitting on a windowsill', 'Portrait of a robot', '', '🍌']) {
      expect(names).toContain(artworkTheme(prompt).name);
      expect(artworkTheme(prompt)).toBe(artworkTheme(prompt));
    }
  });

  it('"neon" draws a magenta night, "forest" a green day', () => {
    for (let seed = 0; seed < 6; seed++) {
      const neon = skyColours(artworkSvg({ ...SPEC, prompt: 'neon skyline', seed }));
      const forest = skyColours(artworkSvg({ ...SPEC, prompt: 'forest clearing', seed }));
      expect(neon).toHaveLength(3);
      expect(forest).toHaveLength(3);
      const [zenithRed, zenithGreen, zenithBlue] = channels(neon[0] ?? '');
      expect(zenithRed + zenithGreen + zenithBlue).toBeLessThan(200); // dark at the top
      const [horizonRed, horizonGreen, horizonBlue] = channels(neon[2] ?? '');
      expect(horizonRed).toBeGreaterThan(horizonGreen); // magenta at the horizon
      expect(horizonBlue).toBeGreaterThan(horizonGreen);
      const [forestRed, forestGreen, forestBlue] = channels(forest[0] ?? '');
      expect(forestGreen).toBeGreaterThan(forestRed); // green and light
      expect(forestGreen).toBeGreaterThan(forestBlue);
      expect(forestRed + forestGreen + forestBlue).toBeGreaterThan(450);
    }
  });

  it('draws stars only at night and a grid only for the neon city', () => {
    const circles = (svg: string) => parse(svg).querySelectorAll('g[fill] > circle').length;
    expect(circles(artworkSvg({ ...SPEC, prompt: 'starry night' }))).toBeGreaterThan(20);
    expect(circles(artworkSvg({ ...SPEC, prompt: 'forest clearing' }))).toBe(0);
    expect(artworkSvg({ ...SPEC, prompt: 'neon city', seed: 1 })).toContain('patternUnits');
    expect(artworkSvg({ ...SPEC, prompt: 'forest clearing', seed: 1 })).not.toContain('patternUnits');
  });
});
