/**
 * Generative artwork for demo images and the landing gallery: a deterministic SVG landscape (sky, sun
 * or moon, layered ridges with atmospheric haze, optional water, stars, pines or a neon city) whose
 * palette follows the prompt's words. Pure and DOM-free. The prompt is only hashed, never written out.
 */

export interface ArtworkSpec {
  prompt: string;
  seed: number;
  /** which image of a task, 0-based */
  index: number;
  width: number;
  height: number;
}

type Terrain = 'mountains' | 'hills' | 'dunes' | 'waves' | 'city';

export interface ArtworkTheme {
  name: string;
  /** Words in a prompt that pick this theme. */
  words: RegExp;
  /** Sky from zenith through the middle to the horizon. */
  sky: readonly [string, string, string];
  sun: string;
  /** Ground colour of the farthest and of the nearest layer. */
  far: string;
  near: string;
  terrains: readonly Terrain[];
  /** Chance of a lake or sea in the foreground. */
  water: number;
  night?: boolean;
  trees?: boolean;
}

type Rgb = [number, number, number];
type Random = () => number;

const WHITE = '#ffffff';

/** Whole words, allowing simple plurals and adjectives: "stars", "snowy", but not "watercolor". */
const wordsPattern = (words: string): RegExp => new RegExp(`\\b(${words})(s|es|y)?\\b`, 'i');

function theme(
  name: string,
  words: string,
  colours: string,
  terrains: Terrain[],
  water: number,
  flags?: Pick<ArtworkTheme, 'night' | 'trees'>,
): ArtworkTheme {
  const [zenith, middle, horizon, sun, far, near] = colours.split(' ').map((hex) => `#${hex}`) as [string, string, string, string, string, string];
  return { name, words: wordsPattern(words), sky: [zenith, middle, horizon], sun, far, near, terrains, water, ...flags };
}

/** In priority order: the first theme whose words appear in the prompt wins. */
export const ARTWORK_THEMES: readonly ArtworkTheme[] = [
  theme('neon', 'neon|cyber|cyberpunk|city|synthwave|tokyo|retro', '0c0630 3d1166 ff4f9a ffe66d 7a2ca8 0a0320', ['city'], 0.4, { night: true }),
  theme(
    'night',
    'night|space|star|starry|moon|astronaut|galaxy|cosmic|planet',
    '03051a 111b47 34407f f4f1de 2c3671 05071a',
    ['mountains', 'hills'],
    0.4,
    { night: true },
  ),
  theme('snow', 'snow|winter|ice|icy|frozen|arctic|glacier', '8fb8e0 cfe0f2 f5f1f0 fffdf5 c3d4e8 2f4a6b', ['mountains'], 0.3, { trees: true }),
  theme('sunset', 'sunset|dusk|sunrise|dawn|evening|warm|fire', '2d1b4e a23b72 ffa26b fff1c1 c0587e 241031', ['mountains', 'dunes', 'hills'], 0.5),
  theme(
    'ocean',
    'ocean|sea|water|beach|wave|coast|island|dew|drop|rain|tropical',
    '2f7fc4 86c5ee e4f5fb ffffff 6aa6cc 0b3558',
    ['waves', 'waves', 'hills'],
    1,
  ),
  theme('autumn', 'autumn|fall|maple|fox|cozy|coffee|book|cabin', 'e9b99a f6dcc0 fdf1e2 fff6e6 d98b5b 4e1e10', ['hills', 'mountains'], 0.3, {
    trees: true,
  }),
  theme(
    'forest',
    'forest|jungle|green|tree|wood|leaf|leaves|garden|pine|nature',
    'b7dcc2 e4f2dd fbf6dc fff8d6 8fbf9f 0e3b2c',
    ['hills', 'mountains'],
    0.25,
    { trees: true },
  ),
  theme('gold', 'banana|yellow|gold|golden|sunflower|honey|summer|sunny', 'f7b733 fcd96b fff6d5 fffdf0 f0a63a 6b3a07', ['dunes', 'hills'], 0.2),
  theme('desert', 'desert|sand|dune|canyon|mars', 'f2a97e f8d3a9 fff0da fff7e6 e09a6a 6e2f17', ['dunes'], 0.1),
  theme('pastel', 'pastel|dream|cloud|cute|candy|pink|unicorn', '9fa9f5 e9c8f5 fde2e4 ffffff c3b2f2 4a3572', ['hills', 'dunes'], 0.4),
  theme('teal', 'calm|zen|mist|fog|foggy|lake|river|valley', '134e5e 4d8f8b cfe8d9 fff2cc 6da497 0c2b30', ['hills', 'mountains'], 0.6),
];

const WATER_WORDS = wordsPattern('lake|river|sea|ocean|reflection|pond|bay');
const TERRAIN_WORDS: [RegExp, Terrain][] = [
  [wordsPattern('mountain|peak|alps|volcano|range'), 'mountains'],
  [wordsPattern('hill|field|meadow|valley'), 'hills'],
  [wordsPattern('dune|desert'), 'dunes'],
];

/** The theme for a prompt: by its words, else one picked by hashing the prompt. */
export function artworkTheme(prompt: string): ArtworkTheme {
  return (
    ARTWORK_THEMES.find((candidate) => candidate.words.test(prompt)) ?? (ARTWORK_THEMES[hashString(prompt) % ARTWORK_THEMES.length] as ArtworkTheme)
  );
}

/** FNV-1a, 32 bit. */
function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** mulberry32: tiny and good enough for pictures. */
function mulberry32(seed: number): Random {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One decimal keeps the markup small. */
const num = (value: number): string => String(Math.round(value * 10) / 10);

const toRgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const toHex = (colour: number[]): string =>
  `#${colour
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function mix(from: string, to: string, amount: number): string {
  const target = toRgb(to);
  return toHex(toRgb(from).map((channel, i) => channel + ((target[i] as number) - channel) * amount));
}

/** Rotates a colour's hue about the grey axis, so the images of one prompt differ a little in tint. */
function rotateHue(hex: string, degrees: number): string {
  const [r, g, b] = toRgb(hex);
  const cos = Math.cos((degrees * Math.PI) / 180);
  const k = (1 - cos) / 3;
  const s = Math.sqrt(1 / 3) * Math.sin((degrees * Math.PI) / 180);
  return toHex([r * (cos + k) + g * (k - s) + b * (k + s), r * (k + s) + g * (cos + k) + b * (k - s), r * (k - s) + g * (k + s) + b * (cos + k)]);
}

/** One SVG element; numbers are rounded. */
function element(name: string, attributes: Record<string, string | number>, content?: string): string {
  let markup = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) markup += ` ${key}="${typeof value === 'number' ? num(value) : value}"`;
  return content === undefined ? `${markup}/>` : `${markup}>${content}</${name}>`;
}

const stops = (...colours: [offset: number, colour: string, opacity?: number][]): string =>
  colours.map(([offset, colour, opacity = 1]) => element('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity })).join('');

/** A ridge line y(x): three random octaves, shaped by the kind of terrain. */
function ridgeLine(random: Random, terrain: Terrain, base: number, amplitude: number, unit: number): (x: number) => number {
  const scale = terrain === 'waves' ? 3 : terrain === 'mountains' ? 1.4 : 1;
  const octaves = [1, 2.3, 5.3].map(
    (octave, k) => [(octave * scale * (0.7 + random() * 0.6) * 2 * Math.PI) / unit, random() * 7, 1 / (k + 1) ** 1.8] as const,
  );
  const total = octaves.reduce((sum, [, , weight]) => sum + weight, 0);
  return (x) => {
    let height = 0;
    for (const [frequency, phase, weight] of octaves) {
      const angle = x * frequency + phase;
      height +=
        weight *
        (terrain === 'mountains'
          ? 1 - Math.abs(Math.sin(angle)) // ridged: sharp peaks
          : terrain === 'dunes'
            ? (Math.sin(angle) - 0.35 * Math.sin(2 * angle) + 1.2) / 2.4 // skewed: a steep lee side
            : (Math.sin(angle) + 1) / 2);
    }
    return base - (amplitude * height) / total;
  };
}

/** A filled silhouette under a ridge line down to `bottom`: straight facets for mountains, else smooth curves. */
function ridgePath(ridge: (x: number) => number, width: number, bottom: number, step: number, jagged: boolean): string {
  let path = `M${num(-step)} ${num(bottom)}`;
  for (let x = -step; x < width + step; x += step) {
    const y = ridge(x);
    // Each sample is a control point; the curve runs through the midpoints, so it stays smooth.
    path += jagged || x < 0 ? `L${num(x)} ${num(y)}` : `Q${num(x)} ${num(y)} ${num(x + step / 2)} ${num((y + ridge(x + step)) / 2)}`;
  }
  return `${path}L${num(width + step)} ${num(ridge(width + step))}V${num(bottom)}Z`;
}

/** A skyline of blocks standing on `base`, some with a setback. */
function skylinePath(random: Random, width: number, base: number, unit: number): string {
  let path = `M0 ${num(base)}`;
  for (let x = 0; x < width;) {
    const blockWidth = unit * (0.035 + random() * 0.06);
    const top = base - unit * (0.05 + random() ** 2 * 0.3);
    path += `V${num(top)}`;
    if (random() < 0.35) path += `H${num(x + blockWidth / 4)}V${num(top - unit * 0.03)}H${num(x + blockWidth * 0.75)}V${num(top)}`;
    x += blockWidth;
    path += `H${num(x)}`;
  }
  return `${path}V${num(base)}Z`;
}

export function artworkSvg(spec: ArtworkSpec): string {
  const width = Math.max(1, Math.round(spec.width) || 1);
  const height = Math.max(1, Math.round(spec.height) || 1);
  const hash = hashString(`${spec.prompt}\u0000${spec.seed}\u0000${spec.index}`);
  const random = mulberry32(hash);
  const between = (low: number, high: number): number => low + random() * (high - low);
  // Unique per artwork, so several SVGs inlined in one page never share a gradient.
  const id = `a${hash.toString(36)}`;
  const unit = Math.min(width, height);
  const theme = artworkTheme(spec.prompt);
  const neon = theme.name === 'neon';
  const hueShift = between(-10, 10);
  const sky = theme.sky.map((hex) => rotateHue(hex, hueShift)) as [string, string, string];
  const far = mix(rotateHue(theme.far, hueShift), sky[2], 0.35);
  const near = rotateHue(theme.near, hueShift);
  const terrain =
    TERRAIN_WORDS.find(([words]) => words.test(spec.prompt))?.[1] ?? (theme.terrains[Math.floor(random() * theme.terrains.length)] as Terrain);
  const waves = terrain === 'waves';
  const city = terrain === 'city';
  const water = !waves && (WATER_WORDS.test(spec.prompt) || random() < theme.water);
  // Over water and behind a city every layer stands on the horizon.
  const onHorizon = water || city;
  const horizon = height * between(0.58, 0.7);

  const defs: string[] = [];
  const body: string[] = [];
  const paint = (tag: string, name: string, attributes: Record<string, string | number>, content: string): string => {
    defs.push(element(tag, { id: id + name, ...attributes }, content));
    return `url(#${id}${name})`;
  };
  const vertical = { x2: 0, y2: 1 };
  const full = { width, height };

  body.push(
    element('rect', {
      ...full,
      fill: paint('linearGradient', 's', { gradientUnits: 'userSpaceOnUse', x2: 0, y2: horizon }, stops([0, sky[0]], [0.55, sky[1]], [1, sky[2]])),
    }),
  );

  if (theme.night) {
    let stars = '';
    for (let i = Math.round((width / unit) * (height / unit) * between(35, 60)); i > 0; i--) {
      stars += element('circle', {
        cx: random() * width,
        cy: random() ** 1.4 * horizon * 0.85,
        r: unit * between(0.001, 0.0035),
        opacity: between(0.3, 1),
      });
    }
    body.push(element('g', { fill: WHITE }, stars));
  }

  // Sun or moon with a soft glow, and a wider glow along the horizon.
  const sunRadius = unit * (neon ? between(0.14, 0.2) : between(0.04, 0.12));
  const sunX = width * between(0.2, 0.8);
  const sunY = neon ? horizon - sunRadius * between(0.3, 0.8) : horizon - (horizon - sunRadius) * between(0.25, 0.8);
  const glow = paint('radialGradient', 'g', {}, stops([0, theme.sun, 0.6], [0.3, theme.sun, 0.2], [1, theme.sun, 0]));
  body.push(element('ellipse', { cx: sunX, cy: horizon, rx: width * 0.8, ry: horizon * 0.4, fill: glow, opacity: 0.5 }));
  body.push(element('circle', { cx: sunX, cy: sunY, r: sunRadius * 5, fill: glow }));
  const sun = {
    cx: sunX,
    cy: sunY,
    r: sunRadius,
    fill: paint('linearGradient', 'u', vertical, stops([0, theme.sun], [1, neon ? '#ff3d8b' : mix(theme.sun, sky[2], 0.3)])),
  };
  if (neon) {
    // Synthwave stripes: gaps that widen towards the horizon.
    let stripes = element('rect', { ...full, fill: WHITE });
    for (let i = 0; i < 6; i++)
      stripes += element('rect', {
        x: sunX - sunRadius,
        y: sunY + sunRadius * (0.1 + i * 0.17),
        width: sunRadius * 2,
        height: sunRadius * 0.02 * (i + 1),
      });
    defs.push(element('mask', { id: `${id}m` }, stripes));
    body.push(element('circle', { ...sun, mask: `url(#${id}m)` }));
  } else body.push(element('circle', sun));
  if (theme.night && !neon) {
    for (let i = 0; i < 3; i++)
      body.push(
        element('circle', {
          cx: sunX + sunRadius * between(-0.5, 0.5),
          cy: sunY + sunRadius * between(-0.5, 0.5),
          r: sunRadius * between(0.1, 0.25),
          fill: far,
          opacity: 0.12,
        }),
      );
  }

  // Long soft cloud streaks.
  for (let i = Math.floor(between(1, 4)); i > 0; i--) {
    const streak = unit * between(0.01, 0.03);
    body.push(
      element('rect', {
        x: between(-0.1, 0.8) * width,
        y: between(0.15, 0.85) * horizon,
        width: width * between(0.15, 0.4),
        height: streak,
        rx: streak / 2,
        fill: mix(sky[2], WHITE, 0.6),
        opacity: theme.night ? 0.08 : between(0.2, 0.45),
      }),
    );
  }

  // A few birds by day.
  if (!theme.night && random() < 0.6) {
    let flock = '';
    const flockX = width * between(0.1, 0.75);
    for (let i = Math.floor(between(2, 6)); i > 0; i--) {
      const span = unit * between(0.008, 0.016);
      flock += `M${num(flockX + i * unit * between(0.02, 0.05))} ${num(horizon * between(0.3, 0.45))}q${num(span)} ${num(-span)} ${num(span * 2)} 0q${num(span)} ${num(-span)} ${num(span * 2)} 0`;
    }
    body.push(element('path', { d: flock, fill: 'none', stroke: near, 'stroke-width': unit * 0.003, opacity: 0.6 }));
  }

  // Layered ridges, hazier further back.
  const layerCount = Math.floor(onHorizon ? between(2, 4) : between(3, 6));
  const amplitude = unit * { mountains: 0.3, hills: 0.16, dunes: 0.14, waves: 0.04, city: 0.18 }[terrain];
  let reflection = '';
  for (let layer = 0; layer < layerCount; layer++) {
    const depth = layerCount === 1 ? 1 : layer / (layerCount - 1);
    const colour = mix(far, near, depth ** 1.3);
    const jagged = terrain === 'mountains' || city;
    const base = onHorizon ? horizon - unit * 0.06 * (1 - depth) : horizon + (height - horizon) * (waves ? 0.85 * depth ** 1.2 : 0.7 * depth);
    const ridge = ridgeLine(random, city ? 'mountains' : terrain, base, amplitude * (1 - depth * 0.55), unit * 1.2);
    const skyline = city && layer === layerCount - 1;
    let path = skyline
      ? skylinePath(random, width, horizon, unit)
      : ridgePath(ridge, width, onHorizon ? horizon : height, unit * (jagged ? 0.03 : 0.1), jagged);
    if (theme.trees && !onHorizon && layer >= layerCount - 2) {
      // Narrow pines along the ridge, bigger when nearer.
      for (let x = random() * unit * 0.05; x < width; x += unit * between(0.01, 0.06)) {
        const tree = unit * between(0.04, 0.09) * (0.5 + depth * 0.5);
        path += `M${num(x)} ${num(ridge(x) + tree * 0.15 - tree)}l${num(tree * 0.2)} ${num(tree)}h${num(tree * -0.4)}z`;
      }
    }
    body.push(
      element('path', {
        id: `${id}r${layer}`,
        d: path,
        fill: paint('linearGradient', `l${layer}`, vertical, stops([0, colour], [1, mix(colour, sky[2], 0.25 * (1 - depth) + 0.08)])),
      }),
    );
    reflection += element('use', { href: `#${id}r${layer}` });
    if (skyline) {
      // Lit windows: a pattern filling the skyline's shape again.
      const cell = unit * 0.012;
      const window = { width: cell * 0.6, height: cell * 0.8 };
      const windows = paint(
        'pattern',
        'w',
        { width: cell * 4, height: cell * 3, patternUnits: 'userSpaceOnUse' },
        element('rect', { ...window, x: cell * 0.4, y: cell / 2, fill: '#29e7ff' }) +
          element('rect', { ...window, x: cell * 2.4, y: cell * 2, fill: theme.sun }) +
          element('rect', { ...window, x: cell * 3.4, y: cell / 2, fill: '#ff4f9a' }),
      );
      body.push(element('path', { d: path, fill: windows, opacity: 0.7 }));
    }
  }

  if (water) {
    body.push(
      element('rect', {
        y: horizon,
        width,
        height: height - horizon,
        fill: paint('linearGradient', 'v', vertical, stops([0, mix(sky[2], sky[1], 0.3)], [1, mix(sky[0], near, 0.4)])),
      }),
    );
    body.push(element('g', { transform: `matrix(1 0 0 -1 0 ${num(horizon * 2)})`, opacity: 0.35 }, reflection));
  } else if (city) {
    // A synthwave grid floor running to the horizon.
    let grid = '';
    for (let i = 1; i < 9; i++) grid += `M0 ${num(horizon + (height - horizon) * (i / 8) ** 2)}H${width}`;
    for (let i = -10; i <= 10; i++) grid += `M${num(width / 2 + i * width * 0.02)} ${num(horizon)}L${num(width / 2 + i * width * 0.25)} ${height}`;
    body.push(element('rect', { y: horizon, width, height: height - horizon, fill: near }));
    body.push(element('path', { d: grid, stroke: '#29e7ff', 'stroke-width': unit * 0.003, opacity: 0.6 }));
  }

  if (water || waves) {
    // Glitter: the sun's path on the water, many small highlights widening towards the viewer.
    for (let i = 0; i < 16; i++) {
      const glitter = sunRadius * (0.5 + i * 0.1) * between(0.4, 1.4);
      body.push(
        element('rect', {
          x: sunX - glitter / 2 + sunRadius * i * between(-0.03, 0.03),
          y: horizon + (height - horizon) * ((i + random()) / 16) ** 1.7,
          width: glitter,
          height: unit * 0.003 * (1 + i * 0.15),
          rx: unit * 0.003,
          fill: theme.sun,
          opacity: 0.6 - i * 0.03,
        }),
      );
    }
  }

  // Soft floating bokeh, then a gentle vignette towards the nearest ground colour.
  const bokeh = paint('radialGradient', 'b', {}, stops([0, WHITE, 0.5], [0.7, WHITE, 0.15], [1, WHITE, 0]));
  for (let i = Math.floor(between(2, 7)); i > 0; i--)
    body.push(
      element('circle', { cx: random() * width, cy: random() * horizon, r: unit * between(0.015, 0.06), fill: bokeh, opacity: between(0.15, 0.5) }),
    );
  body.push(element('rect', { ...full, fill: paint('radialGradient', 'n', { cy: 0.45, r: 0.75 }, stops([0.6, near, 0], [1, near, 0.35])) }));

  return element(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', ...full, viewBox: `0 0 ${width} ${height}` },
    element('defs', {}, defs.join('')) + body.join(''),
  );
}
