import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (landmarks, heading order, ...). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * The rules whose outcome depends on colours. A theme changes colours only (the same markup, the same
 * names and structure), so the second theme is checked with these alone: the whole set twice would double
 * the slowest part of the browser tests and could not find anything more.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** What the builder loads instead of axe's script into a page that has it already (the builder wants some script). */
const AXE_ALREADY_LOADED = ';';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type AxeViolation = AxeResults['violations'][number];

export interface AxeCheckOptions {
  /** Check only inside this selector (the whole page by default). */
  include?: string;
}

/** One violation as a few readable lines: rule, impact, what it means, where it is, and how to fix it. */
function describeViolation(violation: AxeViolation): string {
  const places = violation.nodes.map((node) => {
    const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' ');
    const why = node.failureSummary?.split('\n').slice(1).join('; ').trim();
    return `    - ${target}${why ? `\n      ${why}` : ''}`;
  });
  return [`  ${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`, `    ${violation.helpUrl}`, ...places].join('\n');
}

type Theme = 'light' | 'dark';

/** The theme's colour transitions last a fraction of a second; one still running after this never ends. */
const TRANSITION_LIMIT_MS = 5_000;

/** Shows the page in a theme: the system setting the app follows, and the attribute its stylesheets key on
 * (stand-alone demo pages read the theme once, so they are switched directly too). */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(
    async ({ value, limitMs }) => {
      document.documentElement.dataset.theme = value;
      // Colours that transition start from the old theme's value on the next frame: axe must see where they end.
      // The app's theme actor applies the emulated system theme too, maybe a frame later on a busy machine, which
      // starts transitions of its own: wait until a frame passes with none running.
      for (let frame = 0; frame < 20; frame += 1) {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
        if (transitions.length === 0 && document.documentElement.dataset.theme === value) return;
        document.documentElement.dataset.theme = value;
        // A transition that never ends (paused, or in content the browser skips drawing) would stall the check until
        // the test's own time runs out: it fails here, naming what did not end.
        let timer = 0;
        const stalled = new Promise<never>((_, fail) => {
          timer = window.setTimeout(() => {
            const names = transitions.map((transition) => {
              const target = transition.effect instanceof KeyframeEffect ? transition.effect.target : null;
              return `${transition.transitionProperty} of ${target?.getAttribute('class') ?? 'an element'}`;
            });
            fail(new Error(`colour transitions did not end within ${limitMs} ms: ${names.slice(0, 5).join(', ')}`));
          }, limitMs);
        });
        const ended = Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
        await Promise.race([ended, stalled]).finally(() => window.clearTimeout(timer));
      }
    },
    { value: theme, limitMs: TRANSITION_LIMIT_MS },
  );
}

/**
 * Whether every frame of the page has the page's origin (an about: frame takes its parent's). Then axe.run in the
 * page reaches them all, and the builder's default (axe in each frame, its results put together in a new blank tab,
 * which is there for cross-origin frames) would find nothing more.
 */
function framesShareOrigin(page: Page): boolean {
  const { origin } = new URL(page.url());
  return page.frames().every((frame) => {
    const url = frame.url();
    return url === '' || url.startsWith('about:') || new URL(url).origin === origin;
  });
}

async function checkOnce(page: Page, label: string, theme: Theme, rules: 'all' | 'colour', options: AxeCheckOptions): Promise<void> {
  // Only violations are reported whole: passes keep their rule and one node, so axe does not build a selector for
  // every node that passed (most of its time on a long page). The same rules run on the same nodes.
  const inPage = framesShareOrigin(page);
  // The builder loads axe's script (half a megabyte, twice) before every check: a page with one frame that has it from
  // an earlier check is given a script that does nothing instead, and runs the axe it has.
  const loaded = inPage && page.frames().length === 1 && (await page.evaluate(() => 'axe' in window));
  let builder = new AxeBuilder({ page, axeSource: loaded ? AXE_ALREADY_LOADED : undefined }).options({ resultTypes: ['violations'] });
  builder = rules === 'all' ? builder.withTags(AXE_TAGS) : builder.withRules(COLOUR_RULES);
  if (inPage) builder = builder.setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  const started = Date.now();
  const results = await builder.analyze();
  const took = Date.now() - started;
  const { violations } = results;
  console.log(`axe: ${label} (${theme}): ${violations.length} violations, ${results.passes.length} rules passed (${took} ms)`);
  if (violations.length > 0) {
    const report = violations.map(describeViolation).join('\n');
    console.log(report);
    expect
      .soft(
        violations.map((violation) => violation.id),
        `axe violations on ${label} (${theme}):\n${report}`,
      )
      .toEqual([]);
  }
}

/**
 * Runs axe on the page as it is now, in the light theme (every rule) and then the dark one (the colour rules),
 * so each state of a journey is reached once and checked in both, and fails softly, so one run lists every page's problems. Logs one line
 * per check, so CI output shows what was checked and how it went. The page is left in the light theme.
 */
export async function expectNoAxeViolations(page: Page, label: string, options: AxeCheckOptions = {}): Promise<void> {
  await showTheme(page, 'light');
  await checkOnce(page, label, 'light', 'all', options);
  await showTheme(page, 'dark');
  await checkOnce(page, label, 'dark', 'colour', options);
  await showTheme(page, 'light');
}
