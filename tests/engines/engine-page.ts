import { describeTarget, type EngineDriver, type Target } from './driver';
import { pageQueries, type PageQueries } from './page-queries';

/**
 * What a user waits for on a busy two-core machine before calling it missing (the Chromium tests wait 10 s). The set
 * runs beside the Chromium suite (scripts/test-all.mjs), where WebKit under Xvfb once took over 15 s to finish the
 * dashboard's loads on a phone: 30 s, within the 60 s a test may take.
 */
const WAIT_TIMEOUT = 30_000;
const POLL_INTERVAL = 100;

/**
 * A function run inside the page: it gets the page queries, then the arguments (JSON values). It is sent as source
 * text, so it must be an arrow function that uses nothing from outside its body.
 */
export type PageFunction<Args extends unknown[], Result> = (queries: PageQueries, ...args: Args) => Result;

/** The journeys' view of a page: what a user does and sees, on top of any engine's driver. */
export class EnginePage {
  constructor(
    readonly driver: EngineDriver,
    private readonly baseUrl: string,
  ) {}

  async run<Args extends unknown[], Result>(fn: PageFunction<Args, Result>, ...args: Args): Promise<Awaited<Result>> {
    const expression = `(${fn.toString()})((${pageQueries.toString()})(), ...${JSON.stringify(args)})`;
    // The value comes back as JSON from the page: its type is the page function's, checked where the function is.
    return (await this.driver.evaluate(expression)) as Awaited<Result>;
  }

  /**
   * Polls a page function until it returns a truthy value, and returns that value. A page being replaced (a
   * navigation, a reload) makes an evaluation fail: that is "not yet", as long as time remains.
   */
  async waitUntil<Args extends unknown[], Result>(
    description: string,
    fn: PageFunction<Args, Result>,
    args: Args,
    timeout = WAIT_TIMEOUT,
  ): Promise<NonNullable<Awaited<Result>>> {
    const deadline = Date.now() + timeout;
    let lastValue: unknown = undefined;
    for (;;) {
      let lastError: unknown = null;
      try {
        const value = await this.run(fn, ...args);
        if (value) return value;
        lastValue = value;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        const last = lastError
          ? ` (last error: ${lastError instanceof Error ? lastError.message : String(lastError)})`
          : ` (last: ${JSON.stringify(lastValue)})`;
        throw new Error(`Timed out after ${timeout / 1000} s waiting for ${description}${last}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL));
    }
  }

  /** Waits until the target shows and returns a CSS selector that reaches it. */
  async locate(target: Target, timeout = WAIT_TIMEOUT): Promise<string> {
    return this.waitUntil(
      `${describeTarget(target)} to be visible`,
      (q, wanted) => {
        const element = q.find(wanted);
        return element ? q.mark(element) : null;
      },
      [target],
      timeout,
    );
  }

  async expectVisible(target: Target, timeout = WAIT_TIMEOUT): Promise<void> {
    await this.locate(target, timeout);
  }

  async expectHidden(target: Target, timeout = WAIT_TIMEOUT): Promise<void> {
    await this.waitUntil(`${describeTarget(target)} to be hidden`, (q, wanted) => q.find(wanted) === null, [target], timeout);
  }

  /** The visible text of the target, once it shows. */
  async text(target: Target): Promise<string> {
    const selector = await this.locate(target);
    return this.run((_q, css) => document.querySelector(css)?.textContent?.replace(/\s+/g, ' ').trim() ?? '', selector);
  }

  /**
   * Clicks the target. The app may render the element again between finding and clicking it: the click is then
   * tried again on the element as it is now, until the wait runs out.
   */
  async click(target: Target): Promise<void> {
    const deadline = Date.now() + WAIT_TIMEOUT;
    for (;;) {
      const selector = await this.locate(target);
      try {
        await this.driver.click(selector);
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`Could not click ${describeTarget(target)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
  }

  async fill(target: Target, text: string): Promise<void> {
    const selector = await this.locate(target);
    await this.driver.type(selector, text);
    await this.waitUntil(
      `${describeTarget(target)} to hold ${JSON.stringify(text)}`,
      (_q, css, value) => (document.querySelector(css) as HTMLInputElement | null)?.value === value,
      [selector, text],
    );
  }

  async select(target: Target, value: string): Promise<void> {
    const selector = await this.locate(target);
    await this.driver.select(selector, value);
    await this.waitUntil(
      `${describeTarget(target)} to have ${JSON.stringify(value)} chosen`,
      (_q, css, wanted) => (document.querySelector(css) as HTMLSelectElement | null)?.value === wanted,
      [selector, value],
    );
  }

  async expectPath(path: RegExp): Promise<void> {
    await this.waitUntil(`the address to match ${path}`, (_q, source, flags) => new RegExp(source, flags).test(location.pathname + location.search), [
      path.source,
      path.flags,
    ]);
  }

  async expectAttribute(selector: string, name: string, value: string): Promise<void> {
    await this.waitUntil(
      `${selector} to have ${name}="${value}"`,
      (_q, css, attribute, wanted) => document.querySelector(css)?.getAttribute(attribute) === wanted,
      [selector, name, value],
    );
  }

  /**
   * Opens a path and waits until the app has taken over, as the Chromium tests' openApp does: the header shows,
   * and the page is hydrated with its catalogue (`data-boot="ready"`). Where the app starts at the visitor's first
   * action (`data-start="on-action"`), the visitor presses Shift, a key that changes nothing on the page.
   */
  async open(path: string): Promise<void> {
    await this.driver.goto(new URL(path, this.baseUrl).toString());
    await this.waitForApp();
  }

  async reload(): Promise<void> {
    await this.driver.reload();
    await this.waitForApp();
  }

  private async waitForApp(): Promise<void> {
    await this.expectVisible({ role: 'banner' });
    const start = await this.run(() => document.documentElement.getAttribute('data-start'));
    if (start === 'on-action') await this.driver.press('Shift');
    await this.expectAttribute('html', 'data-boot', 'ready');
  }
}
