import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Key, remote } from 'webdriverio';
import type { EngineDriver } from './driver';

/** Debian's WebKitGTK browser for automation (package webkit2gtk-driver brings the driver, libwebkit2gtk it). */
const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DRIVER_START_TIMEOUT = 15_000;

declare global {
  // WebdriverIO's capabilities are a global namespace: a vendor's key is added to it by declaration merging.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace WebdriverIO {
    /** WebKitGTK's vendor capability: which browser binary the driver starts, with which arguments. */
    interface Capabilities {
      'webkitgtk:browserOptions'?: { binary: string; args: string[] };
    }
  }
}

const KEYS = { Shift: Key.Shift, Enter: Key.Enter, Escape: Key.Escape, Tab: Key.Tab } as const;

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide, wider than a phone. A user style sheet for GTK (read
 * from $XDG_CONFIG_HOME/gtk-3.0/gtk.css) shrinks the toolbar's widgets, so that the page can be 360 px wide. It
 * styles the browser's own controls only: the page is drawn by WebKit, which GTK's style sheet does not reach.
 */
const NARROW_TOOLBAR_CSS = 'window * { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

/**
 * WebKitGTK answers `prefers-reduced-motion` from GTK's `gtk-enable-animations` setting (WebKitGTK 2.42 and later),
 * read from $XDG_CONFIG_HOME/gtk-3.0/settings.ini: turned off, the page gets reduced motion as in the other engines.
 */
const NO_ANIMATIONS_SETTINGS = '[Settings]\ngtk-enable-animations=false\n';

function gtkConfigHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'engines-webkit-'));
  mkdirSync(path.join(home, 'gtk-3.0'));
  writeFileSync(path.join(home, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR_CSS);
  writeFileSync(path.join(home, 'gtk-3.0', 'settings.ini'), NO_ANIMATIONS_SETTINGS);
  return home;
}

async function waitForDriver(port: number, driver: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + DRIVER_START_TIMEOUT;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.exitCode}: ${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within ${DRIVER_START_TIMEOUT / 1000} s`);
}

/** Ends the driver, Xvfb and MiniBrowser together: MiniBrowser outlives the driver, so the whole process group goes. */
async function stopProcessGroup(driver: ChildProcess): Promise<void> {
  if (driver.pid === undefined || driver.exitCode !== null) return;
  const exited = once(driver, 'exit');
  try {
    process.kill(-driver.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      if (driver.pid !== undefined) process.kill(-driver.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 3_000);
  await exited;
  clearTimeout(timer);
}

/**
 * WebKit through classic WebDriver: WebKitGTK's WebKitWebDriver (it has no BiDi) under a virtual X display, driving
 * MiniBrowser. One driver process per session; it gets a process group of its own so that it can be ended whole.
 */
export async function launchWebKit(port: number): Promise<EngineDriver> {
  const configHome = gtkConfigHome();
  const driver = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, XDG_CONFIG_HOME: configHome },
  });
  // The browser's warnings (no sound card, no session bus) are noise in a test run: kept only to explain a failed start.
  let output = '';
  driver.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000);
  });
  const stop = async () => {
    await stopProcessGroup(driver);
    rmSync(configHome, { recursive: true, force: true });
  };
  try {
    await waitForDriver(port, driver, () => output);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      },
    });
    const version = String(browser.capabilities.browserVersion ?? '');
    return {
      name: `WebKitGTK ${version}`.trim(),
      async goto(url) {
        await browser.url(url);
      },
      async reload() {
        await browser.refresh();
      },
      evaluate: (expression) => browser.execute(`return ${expression}`),
      async click(selector) {
        await browser.$(selector).click();
      },
      async type(selector, text) {
        await browser.$(selector).setValue(text);
      },
      async select(selector, value) {
        await browser.$(selector).selectByAttribute('value', value);
      },
      async press(key) {
        await browser.keys(KEYS[key]);
      },
      async setViewport(width, height) {
        // WebDriver sizes the window, which holds MiniBrowser's toolbar too: size it, then add what the page lacks.
        await browser.setWindowSize(width, height);
        const [innerWidth, innerHeight] = await browser.execute(() => [window.innerWidth, window.innerHeight]);
        if (innerWidth !== width || innerHeight !== height) await browser.setWindowSize(2 * width - innerWidth, 2 * height - innerHeight);
      },
      async screenshot(file) {
        await browser.saveScreenshot(file);
      },
      async close() {
        try {
          await browser.deleteSession();
        } finally {
          await stop();
        }
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
