import { expect, type Locator, type Page } from '@playwright/test';

/*
 * A demo image task runs 2 s + 0.5 s an image + up to 1 s (src/demo/generation/tasks.ts), and the playground
 * reads its progress at 2 s, then 5 s, 9.5 s (machines/generation.machine.ts): waited out in real time, every
 * generation costs a test 5 s or more. A test that checks what a generation leads to, not its pacing, runs its
 * pages on Playwright's clock and, after Generate, moves that clock past the next progress read: the app's own
 * polling and the demo task's own timing run unchanged, only sooner. Between jumps the clock runs at the real
 * rate, so the rest of the page (the demo server's timestamps, toasts, transitions) behaves as it does for a
 * visitor. The real pacing, end to end, is kept by the tests that do not install the clock.
 */

/** Time, in the page, to pass at once: the longest demo task (four images, the whole jitter), so one jump lets the next read find it done. */
const JUMP_MS = 5_000;

/**
 * Puts the test's browser context on Playwright's clock. Called before the test's first page opens, so that
 * every timer of the app is on the clock (a timer set before would keep real time, and could not be cleared).
 */
export async function installTaskClock(page: Page): Promise<void> {
  await page.clock.install();
}

/** Moves the page's clock past a demo task's run and the progress read due in that time. */
export async function skipTaskTime(page: Page): Promise<void> {
  await page.clock.fastForward(JUMP_MS);
}

/**
 * Waits until `settled` shows (the results, or the failure, of the generation just started), moving the page's
 * clock past the playground's progress reads instead of waiting for them. A jump made before the first read is
 * scheduled changes nothing; the next one then moves it.
 */
export async function expectGenerationSettled(page: Page, settled: Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(async () => {
    await skipTaskTime(page);
    await expect(settled).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: options.timeout ?? 25_000, intervals: [250] });
}
