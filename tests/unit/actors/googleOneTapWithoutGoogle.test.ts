import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createGoogleOneTapLogic } from '../../../src/actors/googleOneTap';

describe('One Tap in a build without Google (no VITE_GOOGLE_CLIENT_ID)', () => {
  it('a prompt allowed for a signed-out visitor ends at once as not shown, and One Tap stays off', () => {
    const oneTap = createActor(createGoogleOneTapLogic(null)).start();
    const seen: unknown[] = [];
    oneTap.subscribe((snapshot) => seen.push(snapshot.value));
    oneTap.send({ type: 'PROMPT_ALLOWED' });
    expect(oneTap.getSnapshot().status).toBe('active');
    expect(seen).toEqual(['prompting', 'off']);
    expect(oneTap.getSnapshot().value).toBe('off');
    oneTap.stop();
  });
});
