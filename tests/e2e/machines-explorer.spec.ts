import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';

// Laying out a chart loads the layout library the first time; a busy CI machine takes a moment.
const CHART_TIMEOUT = 20_000;

function chart(page: Page, machineId: string): Locator {
  return page.getByRole('img', { name: new RegExp(`^Statechart of ${machineId}:`) });
}

/** The box of a state in the chart (by state id), to read whether it is highlighted. */
function stateBox(page: Page, stateId: string): Locator {
  return page.locator(`[data-state-id="${stateId}"]`);
}

async function openMachine(page: Page, machineId: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Machines' })
    .getByRole('link', { name: new RegExp(`^${machineId}\\b`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${machineId}\\b`) })).toBeVisible();
  await expect(chart(page, machineId)).toBeVisible({ timeout: CHART_TIMEOUT });
}

function activeStates(page: Page): Locator {
  return page.getByTestId('active-states');
}

/** Sends OPEN to the app's own login modal actor from its chart: the modal opens, and the chart shows it open. */
async function openLoginModalFromExplorer(page: Page): Promise<Locator> {
  await openMachine(page, 'loginModal');
  await expect(activeStates(page)).toHaveText('closed');
  await page.getByRole('button', { name: 'Send OPEN' }).click();
  const modal = page.getByRole('dialog', { name: 'Sign in', exact: true });
  await expect(modal).toBeVisible();
  await expect(stateBox(page, 'loginModal.open.initial')).toHaveAttribute('data-active', 'true');
  return modal;
}

test('the statechart explorer works offline: follows the live actors, drives them, simulates the others and exports them', async ({
  page,
  context,
}) => {
  await openApp(page, '/__machines');
  await expect(page.getByRole('heading', { level: 1, name: 'Statechart explorer' })).toBeVisible();
  // The first chart shows once the layout library is in: from here on nothing more is fetched.
  await expect(chart(page, 'app')).toBeVisible({ timeout: CHART_TIMEOUT });
  await context.setOffline(true);

  // A live global actor: the visitor is anonymous, and the chart says so.
  await openMachine(page, 'user');
  await expect(page.getByRole('heading', { level: 2, name: /user/ }).getByText('live')).toBeVisible();
  await expect(stateBox(page, 'user.session.anonymous')).toHaveAttribute('data-active', 'true');
  await expect(stateBox(page, 'user.session.anonymous.noStoredLogin')).toHaveAttribute('data-active', 'true');
  await expect(stateBox(page, 'user.session.signedIn')).not.toHaveAttribute('data-active', 'true');
  await expect(chart(page, 'user')).toHaveAccessibleName(/Active: .*session\.anonymous\.noStoredLogin/);

  // Driving the app's own login modal from the explorer.
  const modal = await openLoginModalFromExplorer(page);
  await expect(activeStates(page)).toHaveText('open.initial');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await expect(stateBox(page, 'loginModal.closed')).toHaveAttribute('data-active', 'true');
  await expect(page.getByRole('log', { name: 'Log of loginModal' })).toContainText('CLOSE');

  // A simulation: the playground's generation, its calls and timers settled by hand.
  await openMachine(page, 'generation');
  await expect(page.getByRole('heading', { level: 2, name: /generation/ }).getByText('simulation')).toBeVisible();
  await expect(activeStates(page)).toHaveText('idle.editing');

  const change = page.getByRole('textbox', { name: 'Payload of CHANGE' });
  await change.fill(
    JSON.stringify({
      type: 'CHANGE',
      draft: {
        prompt: 'A banana on the moon',
        model: 'nano-banana',
        aspectRatio: '1:1',
        resolution: '1K',
        outputFormat: 'jpg',
        numImages: 1,
        googleSearch: false,
        watermark: '',
        referenceUrls: [],
      },
    }),
  );
  await page.getByRole('button', { name: 'Send CHANGE' }).click();
  await page.getByText('Context (read-only JSON)').click();
  await expect(page.getByText('"prompt": "A banana on the moon"').first()).toBeVisible();

  // Bad JSON is refused, and nothing is sent.
  const generate = page.getByRole('textbox', { name: 'Payload of GENERATE' });
  await generate.fill('{ "type": "GENERATE", ');
  await page.getByRole('button', { name: 'Send GENERATE' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This is not valid JSON' })).toBeVisible();
  await expect(activeStates(page)).toHaveText('idle.editing');

  await generate.fill('{ "type": "GENERATE", "apiKey": "nb_e2e_key", "balance": 50 }');
  await page.getByRole('button', { name: 'Send GENERATE' }).click();
  await expect(activeStates(page)).toHaveText('creatingTask');
  await expect(stateBox(page, 'generation.creatingTask')).toHaveAttribute('data-active', 'true');

  await page.getByRole('textbox', { name: 'Output of createTask (JSON)' }).fill('{ "code": 200, "msg": "ok", "data": { "taskId": "task-e2e" } }');
  await page.getByRole('button', { name: 'Settle createTask: done' }).click();
  await expect(activeStates(page)).toHaveText('polling');
  await expect(stateBox(page, 'generation.polling')).toHaveAttribute('data-active', 'true');
  // The shared poller reads the task: a child actor the chart does not wait on, whose reports are sent by hand.
  const poller = page.locator('[data-invoke="poller"]');
  await expect(poller).toContainText('The machine does not wait for its result: it runs until its state is left.');
  await page.getByRole('button', { name: 'Send polling.timedOut' }).click();
  await expect(activeStates(page)).toHaveText('timedOut');
  await expect(stateBox(page, 'generation.timedOut')).toHaveAttribute('data-active', 'true');
  const log = page.getByRole('log', { name: 'Log of generation' });
  await expect(log).toContainText('started createTask');
  await expect(log).toContainText('started poller');
  await expect(log).toContainText('syncDraft (not run: simulation)');

  // The definition, as a file Stately's editor imports.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('generation.statechart.json');
  const definition = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    id: string;
    initial: string;
    states: Record<string, unknown>;
  };
  expect(definition.id).toBe('generation');
  expect(definition.initial).toBe('idle');
  expect(Object.keys(definition.states)).toEqual(expect.arrayContaining(['idle', 'validating', 'creatingTask', 'polling', 'succeeded', 'failed']));

  // A simulation starts over when asked.
  await page.getByRole('button', { name: 'Reset the simulation' }).click();
  await expect(activeStates(page)).toHaveText('idle.editing');
});

test('the explorer needs no internet from its first request: every other host is refused before it opens', async ({ page, context }) => {
  // Refused from before the first navigation, so nothing (a font, a script, the layout library) can come from elsewhere.
  const refused: string[] = [];
  await context.route(
    (url) => url.hostname !== 'localhost',
    async (route) => {
      refused.push(route.request().url());
      await route.abort('internetdisconnected');
    },
  );
  await openApp(page, '/__machines');
  await expect(page.getByRole('heading', { level: 1, name: 'Statechart explorer' })).toBeVisible();

  // A chart drawn, an event sent to a live actor and seen on the chart.
  const modal = await openLoginModalFromExplorer(page);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(stateBox(page, 'loginModal.closed')).toHaveAttribute('data-active', 'true');

  // The definition exported as JSON.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('loginModal.statechart.json');
  const definition = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as { id: string; states: Record<string, unknown> };
  expect(definition.id).toBe('loginModal');
  expect(Object.keys(definition.states)).toEqual(expect.arrayContaining(['closed', 'open']));

  expect(refused, 'requests to other hosts').toEqual([]);
});

test('the explorer has a text version of every chart', async ({ page }) => {
  await openApp(page, '/__machines?machine=pagedList');
  await expect(chart(page, 'pagedList')).toBeVisible({ timeout: CHART_TIMEOUT });
  const text = page.getByRole('group').filter({ has: page.getByText(/States and transitions as text/) });
  await text.getByText(/States and transitions as text/).click();
  await expect(text.getByText('done: fetchPage [hasRecords]').first()).toBeVisible();
  await expect(text.getByText(/^idle \(initial/)).toBeVisible();
});
