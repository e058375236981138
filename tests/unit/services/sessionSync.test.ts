import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSessionChange, watchSessionChanges, type SessionChange } from '../../../src/services/sessionSync';
import { untilOutcome } from '../waits';

/** BroadcastChannel delivers asynchronously; wait until the listener saw what it should, or time out. */
async function settle(ms = 50) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('session sync between tabs', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
  });

  it('announces to the other tabs, with this tab named', async () => {
    const otherTab = new BroadcastChannel('nanobanana.session');
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    announceSessionChange('signedIn');
    announceSessionChange('signedOut');
    await vi.waitFor(
      () => expect(heard).toEqual([expect.objectContaining({ change: 'signedIn' }), expect.objectContaining({ change: 'signedOut' })]),
      untilOutcome,
    );
    otherTab.close();
  });

  it('hears the other tabs, never its own announcements (no echo re-reads the account)', async () => {
    const seen: SessionChange[] = [];
    stops.push(watchSessionChanges((change) => seen.push(change)));
    announceSessionChange('signedIn');
    const otherTab = new BroadcastChannel('nanobanana.session');
    otherTab.postMessage({ change: 'signedOut', tab: 'another-tab' });
    await vi.waitFor(() => expect(seen).toEqual(['signedOut']), untilOutcome);
    await settle();
    expect(seen).toEqual(['signedOut']);
    otherTab.close();
  });

  it('ignores messages that are not session changes', async () => {
    const seen: SessionChange[] = [];
    stops.push(watchSessionChanges((change) => seen.push(change)));
    const stranger = new BroadcastChannel('nanobanana.session');
    stranger.postMessage({ type: 'signedIn' });
    stranger.postMessage('deleteEverything');
    stranger.postMessage({ change: 'everything', tab: 'x' });
    stranger.postMessage({ change: 'signedOut', tab: 'x' });
    await vi.waitFor(() => expect(seen).toEqual(['signedOut']), untilOutcome);
    stranger.close();
  });

  it('stops listening once unsubscribed', async () => {
    const seen: SessionChange[] = [];
    const stop = watchSessionChanges((change) => seen.push(change));
    stop();
    const otherTab = new BroadcastChannel('nanobanana.session');
    otherTab.postMessage({ change: 'signedOut', tab: 'another-tab' });
    await settle();
    expect(seen).toEqual([]);
    otherTab.close();
  });
});
