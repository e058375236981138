import puppeteer, { type KeyInput } from 'puppeteer-core';
import type { EngineDriver } from './driver';

/** Debian's Firefox ESR; nothing is downloaded (Playwright's Firefox build cannot be fetched here). */
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Firefox through WebDriver BiDi (puppeteer-core speaks it to Firefox directly: no geckodriver). */
export async function launchFirefox(): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Spinners stand still, as in the Chromium tests: media emulation is CDP-only, so the preference says it.
    extraPrefsFirefox: { 'ui.prefersReducedMotion': 1 },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  const version = (await browser.version()).replace(/^firefox\//i, '');
  return {
    name: `Firefox ${version}`,
    async goto(url) {
      try {
        await page.goto(url, { waitUntil: 'load' });
      } catch (error) {
        // A navigation the page itself started a moment before (a return from a checkout replacing its address)
        // aborts this one in Firefox (NS_BINDING_ABORTED); the visitor's address is then simply entered again.
        if (!(error instanceof Error) || !error.message.includes('NS_BINDING_ABORTED')) throw error;
        await page.goto(url, { waitUntil: 'load' });
      }
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    evaluate: (expression) => page.evaluate(expression),
    async click(selector) {
      await page.click(selector);
    },
    async type(selector, text) {
      // Focus and select what the field holds, so the keys typed replace it.
      await page.evaluate(`(() => { const field = document.querySelector(${JSON.stringify(selector)}); field.focus(); field.select(); })()`);
      if (text === '') await page.keyboard.press('Backspace');
      else await page.keyboard.type(text);
    },
    async select(selector, value) {
      await page.select(selector, value);
    },
    async press(key) {
      const input: KeyInput = key;
      await page.keyboard.press(input);
    },
    async setViewport(width, height) {
      await page.setViewport({ width, height });
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    async close() {
      await browser.close();
    },
  };
}
