import { expect } from 'vitest';
import { detailsDialogMachine } from '../../machines/detailsDialog.machine';
import { describeMachinePaths } from './pathRunner';

const first = { id: 'record-1' };
const second = { id: 'record-2' };

describeMachinePaths('detailsDialog machine', {
  machine: detailsDialogMachine,
  events: [{ type: 'OPEN', item: first }, { type: 'OPEN', item: second }, { type: 'CLOSE' }],
  assertState: (snapshot, { event }) => {
    const open = snapshot.matches('open');
    expect(snapshot.hasTag('open')).toBe(open);
    expect(snapshot.can({ type: 'CLOSE' })).toBe(open);
    // Open shows exactly the item last asked for; closed holds nothing.
    if (event.type === 'OPEN') {
      expect(open).toBe(true);
      expect(snapshot.context.item).toBe(event.item);
    } else {
      expect(open).toBe(false);
      expect(snapshot.context.item).toBeNull();
    }
  },
});
