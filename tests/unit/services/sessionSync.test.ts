import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSessionChange, watchSessionChanges, type SessionChange } from '../../../src/services/sessionSync';

/** BroadcastChannel delivers asynchronously; wait until the listener saw what it should, or time out. */
async function settle(ms = 50) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('session sync between tabs', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
  });

  it('delivers sign-in and sign-out announcements to the other tabs', async () => {
    const seen: SessionChange[] = [];
    stops.push(watchSessionChanges((change) => seen.push(change)));
    announceSessionChange('signedIn');
    announceSessionChange('signedOut');
    await vi.waitFor(() => expect(seen).toEqual(['signedIn', 'signedOut']));
  });

  it('ignores messages that are not session changes', async () => {
    const seen: SessionChange[] = [];
    stops.push(watchSessionChanges((change) => seen.push(change)));
    const stranger = new BroadcastChannel('nanobanana.session');
    stranger.postMessage({ type: 'signedIn' });
    stranger.postMessage('deleteEverything');
    stranger.postMessage('signedOut');
    await vi.waitFor(() => expect(seen).toEqual(['signedOut']));
    stranger.close();
  });

  it('stops listening once unsubscribed', async () => {
    const seen: SessionChange[] = [];
    const stop = watchSessionChanges((change) => seen.push(change));
    stop();
    announceSessionChange('signedOut');
    await settle();
    expect(seen).toEqual([]);
  });
});
