import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { pagedListMachine, type PageAnswer } from '../../machines/pagedList.machine';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const PAGE_SIZE = 10;
const TOTAL = 25; // three pages

function page(pageNum: number, count: number, total = TOTAL): PageAnswer<{ id: string }> {
  return { records: Array.from({ length: count }, (_, i) => ({ id: `r${pageNum}-${i}` })), total, pageNum, pageSize: PAGE_SIZE };
}

const firstPage = { code: 200, msg: 'ok', data: page(1, 10) } as const;
const secondPage = { code: 200, msg: 'ok', data: page(2, 10) } as const;
const thirdPage = { code: 200, msg: 'ok', data: page(3, 5) } as const;
const nothing = { code: 200, msg: 'ok', data: page(1, 0, 0) } as const;
// Records deleted meanwhile: the last page came back empty.
const goneEmpty = { code: 200, msg: 'ok', data: page(3, 0, 20) } as const;
const refused = { code: 500001, msg: 'Query failed', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });
const paid = { status: 'paid', from: undefined };

const answerNames = new Map<unknown, string>([
  [firstPage, 'page 1'],
  [secondPage, 'page 2'],
  [thirdPage, 'page 3'],
  [nothing, 'none'],
  [goneEmpty, 'page 3 gone'],
  [refused, 'refused'],
]);

function label(event: AnyEventObject): string {
  const answer = answerNames.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

describeMachinePaths('pagedList machine', {
  eventLabel: label,
  machine: pagedListMachine,
  input: { pageSize: PAGE_SIZE, filters: { status: 'all' } },
  events: [
    { type: 'GO_TO_PAGE', pageNum: 1 },
    { type: 'GO_TO_PAGE', pageNum: 2 },
    { type: 'GO_TO_PAGE', pageNum: 3 },
    // Past the last page and not a page at all: both refused.
    { type: 'GO_TO_PAGE', pageNum: 4 },
    { type: 'GO_TO_PAGE', pageNum: 1.5 },
    { type: 'SET_FILTERS', filters: paid },
    { type: 'REFRESH' },
    { type: 'RETRY' },
    done('fetchPage', firstPage),
    done('fetchPage', nothing),
    done('fetchPage', refused),
    failure('fetchPage', offline),
    done('fetchOtherPage', secondPage),
    done('fetchOtherPage', thirdPage),
    done('fetchOtherPage', nothing),
    done('fetchOtherPage', goneEmpty),
    done('fetchOtherPage', refused),
    failure('fetchOtherPage', offline),
  ],
  // Guards read only the page, the total and the page size; records and messages are checked by the assertions.
  serializeContext: (context) => ({ pageNum: context.pageNum, total: context.total, filters: context.filters, failed: context.error !== null }),
  maxSimplePaths: 150,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    // The owner hears of every page the server answered with (an empty one too), and of nothing else.
    const answered = (event.type === 'xstate.done.actor.fetchPage' || event.type === 'xstate.done.actor.fetchOtherPage') && event.output.code === 200;
    expect(stepCalls('pageShown')).toHaveLength(answered ? 1 : 0);
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading') || snapshot.matches('changingPage'));
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('changingPage'));
    expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
    expect(context.pageSize).toBe(PAGE_SIZE);

    if (snapshot.matches('loading')) {
      const fetches = stepInvocations('fetchPage');
      // Entered anew on every step that lands here: exactly one request, with the list's current query.
      expect(fetches.map((invocation) => invocation.input)).toEqual([{ pageNum: context.pageNum, pageSize: PAGE_SIZE, filters: context.filters }]);
      expect(context.error).toBeNull();
      if (event.type === 'SET_FILTERS') expect(context).toMatchObject({ pageNum: 1, filters: paid });
      else if (event.type === 'REFRESH') expect(context.pageNum).toBe(1);
      else if (event.type === 'xstate.init') expect(context).toMatchObject({ pageNum: 1, filters: { status: 'all' }, records: [], total: 0 });
      else expect(context.pageNum).toBe(previous?.context.pageNum);
    }

    if (snapshot.matches('changingPage')) {
      const wanted = event.type === 'GO_TO_PAGE' ? event.pageNum : previous?.context.pageNum;
      expect(stepInvocations('fetchOtherPage').map((invocation) => invocation.input)).toEqual([
        { pageNum: wanted, pageSize: PAGE_SIZE, filters: context.filters },
      ]);
      // The old page stays on screen until the new one arrives.
      expect(context.records).toBe(previous?.context.records);
      expect(context.pageNum).toBe(previous?.context.pageNum);
      expect(context.error).toBeNull();
    } else {
      expect(stepInvocations('fetchOtherPage')).toEqual([]);
    }

    if (event.type === 'GO_TO_PAGE' && previous?.matches('loaded')) {
      const valid =
        Number.isInteger(event.pageNum) &&
        event.pageNum >= 1 &&
        event.pageNum <= Math.ceil(previous.context.total / PAGE_SIZE) &&
        event.pageNum !== previous.context.pageNum;
      expect(snapshot.matches('changingPage')).toBe(valid);
    }

    const answer = event.type === 'xstate.done.actor.fetchPage' || event.type === 'xstate.done.actor.fetchOtherPage' ? event.output : undefined;
    if (answer?.code === 200) {
      expect(context).toMatchObject({ records: answer.data.records, total: answer.data.total, pageNum: answer.data.pageNum, error: null });
      expect(snapshot.matches(answer.data.records.length ? { loaded: 'idle' } : 'empty')).toBe(true);
    }
    // A list that cannot load fails as a whole; a page that cannot load leaves the old page on screen.
    const refusedOrFailed = (answer !== undefined && answer.code !== 200) || event.type.startsWith('xstate.error.actor.');
    if (refusedOrFailed) expect(snapshot.matches(previous?.matches('changingPage') ? { loaded: 'pageChangeFailed' } : 'failed')).toBe(true);
    if (snapshot.matches('failed')) {
      expect(context.error).toBe(answer ? answer.msg : offline.message);
    }
    if (snapshot.matches({ loaded: 'pageChangeFailed' })) {
      expect(context.error).toBe(answer ? answer.msg : offline.message);
      // The page did not change.
      expect(context.records).toBe(previous?.context.records);
      expect(context.pageNum).toBe(previous?.context.pageNum);
    }
    if (snapshot.matches({ loaded: 'idle' })) {
      expect(context.error).toBeNull();
      expect(context.records.length).toBeGreaterThan(0);
    }
    if (snapshot.matches('empty')) expect(context.records).toEqual([]);
  },
});
