import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { zipDownloadMachine, type ZipItem } from '../../machines/zipDownload.machine';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const two: ZipItem[] = [
  { url: 'https://images.example.com/a/1.png', name: 'a-1.png' },
  { url: 'https://images.example.com/b/1.png', name: 'b-1.png' },
];
const one: ZipItem[] = [{ url: 'https://images.example.com/c/1.png', name: 'c-1.png' }];
const bytes = new Uint8Array([1, 2, 3]);
const archive = new Blob([bytes], { type: 'application/zip' });
const expired = new Error('HTTP 404');
const tooBig = new Error('Out of memory');

const names = new Map<unknown, string>([
  [two, 'two files'],
  [one, 'one file'],
  [bytes, 'bytes'],
  [archive, 'archive'],
]);

function label(event: AnyEventObject): string {
  const named = names.get('items' in event ? event.items : 'output' in event ? event.output : undefined);
  return named ? `${defaultEventLabel(event).split('(')[0]}(${named})` : defaultEventLabel(event);
}

describeMachinePaths('zipDownload machine', {
  eventLabel: label,
  machine: zipDownloadMachine,
  events: [
    { type: 'START', items: two },
    { type: 'START', items: one },
    // Nothing selected: refused.
    { type: 'START', items: [] },
    { type: 'CANCEL' },
    { type: 'DISMISS' },
    done('fetchFile', bytes),
    failure('fetchFile', expired),
    done('buildZip', archive),
    failure('buildZip', tooBig),
  ],
  serializeContext: (context) => ({
    items: context.items.length,
    index: context.index,
    entries: context.entries.length,
    failures: context.failures.length,
    error: context.error,
  }),
  maxSimplePaths: 400,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    const busy = snapshot.matches('fetching') || snapshot.matches('zipping');
    expect(snapshot.hasTag('busy')).toBe(busy);
    expect(snapshot.hasTag('finished')).toBe(snapshot.matches('saved') || snapshot.matches('partlyFailed') || snapshot.matches('failed'));
    // Every file is either fetched or failed, once, in order: progress never runs past the list.
    // Once finished every file was tried (the fetched bytes are let go after the build).
    if (snapshot.hasTag('finished')) expect(context.index).toBe(context.items.length);
    else expect(context.index).toBe(context.entries.length + context.failures.length);
    expect(context.index).toBeLessThanOrEqual(context.items.length);

    if (snapshot.matches('idle')) expect(context).toEqual({ items: [], index: 0, entries: [], failures: [], error: null });

    if (snapshot.matches('fetching')) {
      // Exactly one fetch, for the file whose turn it is.
      expect(stepInvocations('fetchFile').map((invocation) => invocation.input)).toEqual([context.items[context.index]]);
      if (event.type === 'START') expect(context).toMatchObject({ items: event.items, index: 0, entries: [], failures: [], error: null });
    } else {
      expect(stepInvocations('fetchFile')).toEqual([]);
    }

    if (event.type === 'xstate.done.actor.fetchFile' && previous) {
      expect(context.entries.at(-1)).toEqual({ name: previous.context.items[previous.context.index]?.name, data: bytes });
    }
    if (event.type === 'xstate.error.actor.fetchFile' && previous) {
      // A failed file is listed with its reason, and the others go on.
      expect(context.failures.at(-1)).toEqual({ name: previous.context.items[previous.context.index]?.name, reason: expired.message });
      if (previous.context.index + 1 < previous.context.items.length) expect(snapshot.matches('fetching')).toBe(true);
    }

    if (snapshot.matches('zipping')) {
      // Built from every file that came, only once all were tried.
      expect(context.index).toBe(context.items.length);
      expect(context.entries.length).toBeGreaterThan(0);
      expect(stepInvocations('buildZip').map((invocation) => invocation.input)).toEqual([context.entries]);
    } else {
      expect(stepInvocations('buildZip')).toEqual([]);
    }

    // Saved once, exactly when the archive was built; then the bytes are let go.
    const built = event.type === 'xstate.done.actor.buildZip';
    expect(stepCalls('saveZip').map((call) => call.params)).toEqual(built ? [{ archive }] : []);
    if (built) {
      expect(context.entries).toEqual([]);
      expect(snapshot.matches(context.failures.length > 0 ? 'partlyFailed' : 'saved')).toBe(true);
    }

    if (snapshot.matches('failed')) {
      if (event.type === 'xstate.error.actor.buildZip') expect(context.error).toBe(tooBig.message);
      else {
        // Not one file came: every one is listed as failed.
        expect(context.failures).toHaveLength(context.items.length);
        expect(context.error).toBeNull();
      }
    }

    if (event.type === 'CANCEL' && previous && (previous.matches('fetching') || previous.matches('zipping'))) {
      expect(snapshot.matches('idle')).toBe(true);
    }
    if (event.type === 'START' && event.items.length === 0 && previous) expect(snapshot.value).toEqual(previous.value);
  },
});
