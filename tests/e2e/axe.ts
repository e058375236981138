import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (landmarks, heading order, ...). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

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

/** Shows the page in a theme: the system setting the app follows, and the attribute its stylesheets key on
 * (stand-alone demo pages read the theme once, so they are switched directly too). */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((value) => {
    document.documentElement.dataset.theme = value;
  }, theme);
}

async function checkOnce(page: Page, label: string, theme: Theme, options: AxeCheckOptions): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  const started = Date.now();
  const results = await builder.analyze();
  const took = Date.now() - started;
  const { violations } = results;
  console.log(`axe: ${label} (${theme}): ${violations.length} violations, ${results.passes.length} rules passed (${took} ms)`);
  if (violations.length > 0) {
    const report = violations.map(describeViolation).join('\n');
    console.log(report);
    expect.soft(violations.map((violation) => violation.id), `axe violations on ${label} (${theme}):\n${report}`).toEqual([]);
  }
}

/**
 * Runs axe on the page as it is now, in the light theme and then the dark one (so each state of a journey is
 * reached once and checked in both), and fails softly, so one run lists every page's problems. Logs one line
 * per check, so CI output shows what was checked and how it went. The page is left in the light theme.
 */
export async function expectNoAxeViolations(page: Page, label: string, options: AxeCheckOptions = {}): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    await checkOnce(page, label, theme, options);
  }
  await showTheme(page, 'light');
}
