import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatelyInspectionEvent } from '@statelyai/inspect';
import { startInspectorIfWanted } from '../../../src/app/inspectorStart';
import type { InspectorBuild } from '../../../src/services/inspector';

/** Stately's library, whose window cannot open here: what it was started with is what leaves the page. */
const started = vi.hoisted(() => [] as Array<{ serialize: (event: StatelyInspectionEvent) => StatelyInspectionEvent }>);
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (options: (typeof started)[number]) => {
    started.push(options);
    return { inspect: { next: () => undefined } };
  },
}));

beforeEach(() => {
  started.length = 0;
});

const DEMO: InspectorBuild = { live: false, dev: false, enabled: false };
const LIVE: InspectorBuild = { live: true, dev: false, enabled: false };
const LIVE_WITH_INSPECTOR: InspectorBuild = { live: true, dev: false, enabled: true };

/** What a started inspector sends of a snapshot whose context holds an e-mail address. */
function sentOf(options: (typeof started)[number] | undefined): string {
  const message = {
    type: '@xstate.snapshot',
    snapshot: { status: 'active', value: 'idle', context: { email: 'ada@example.com' } },
    event: { type: 'NEXT' },
    sessionId: 'x:1',
    id: 'x',
    createdAt: '1',
    rootId: 'x:0',
    _version: '0.7.2',
  } as unknown as StatelyInspectionEvent;
  return JSON.stringify(options?.serialize(message));
}

describe('?inspect at boot', () => {
  it('does nothing without ?inspect, in any build', async () => {
    for (const build of [DEMO, LIVE, LIVE_WITH_INSPECTOR]) expect(await startInspectorIfWanted('?demo', build)).toBeUndefined();
    expect(started).toHaveLength(0);
  });

  it('demo mode: starts at once, secrets redacted by name (made-up data shows)', async () => {
    expect(await startInspectorIfWanted('?inspect', DEMO)).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(started).toHaveLength(1);
    expect(sentOf(started[0])).toContain('ada@example.com');
  });

  it('a live build without VITE_ENABLE_INSPECTOR: never starts, and asks nothing', async () => {
    expect(await startInspectorIfWanted('?inspect', LIVE)).toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(started).toHaveLength(0);
  });

  it('a live build with it: asks first; "Not now" runs the app without the inspector', async () => {
    const inspect = startInspectorIfWanted('?inspect', LIVE_WITH_INSPECTOR);
    const dialog = await screen.findByRole('dialog', { name: "Send this tab's activity to Stately's inspector?" });
    expect(started).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(await inspect).toBeUndefined();
    expect(started).toHaveLength(0);
  });

  it('a live build with it: "Open the inspector" starts it, sending only the allow-list', async () => {
    const inspect = startInspectorIfWanted('?inspect', LIVE_WITH_INSPECTOR);
    const dialog = await screen.findByRole('dialog', { name: "Send this tab's activity to Stately's inspector?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the inspector' }));
    expect(await inspect).toBeDefined();
    expect(started).toHaveLength(1);
    const sent = sentOf(started[0]);
    expect(sent).not.toContain('ada@example.com');
    expect(sent).toContain('"email":"[redacted]"');
    expect(sent).toContain('"value":"idle"');
  });
});
