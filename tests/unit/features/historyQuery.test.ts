import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATION_MODELS } from '../../../src/domain/generationOptions';
import {
  DEFAULT_HISTORY_QUERY,
  LONGEST_SEARCH,
  historyQueryFromSearch,
  isCalendarDay,
  listFiltersOf,
  sameFilters,
  searchFromHistoryQuery,
  type HistoryQuery,
} from '../../../src/features/history/historyQuery';
import { historyRequest } from '../../../src/features/history/historyRequest';

const day = fc
  .record({ year: fc.integer({ min: 1000, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), date: fc.integer({ min: 1, max: 28 }) })
  .map(({ year, month, date }) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`);

/** Any valid query, as the page could write it. */
const validQuery: fc.Arbitrary<HistoryQuery> = fc
  .record(
    {
      view: fc.constantFrom('table' as const, 'gallery' as const),
      prompt: fc.string({ maxLength: 60, unit: 'grapheme' }).map((text) => text.trim()),
      model: fc.constantFrom(...GENERATION_MODELS),
      status: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
      from: day,
      to: day,
    },
    { requiredKeys: ['view', 'prompt'] },
  )
  .map((query) =>
    query.from !== undefined && query.to !== undefined && query.from > query.to ? { ...query, from: query.to, to: query.from } : query,
  );

/** Whatever may sit in an address: the real names with wild values, unknown names, broken escapes. */
const wildSearch = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('view', 'q', 'model', 'status', 'from', 'to', 'page', 'Q', ''),
        fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('gallery', 'nano-banana-pro', '3', '2026-02-30', '2026-01-31', '%E0%A4%A', '\uD800')),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&')),
);

describe('history filters in the address', () => {
  it('reads any address without throwing, as a valid query that writes back and reads the same', () => {
    fc.assert(
      fc.property(wildSearch, fc.boolean(), (search, withMark) => {
        const query = historyQueryFromSearch(withMark ? `?${search}` : search);
        expect(['table', 'gallery']).toContain(query.view);
        expect(Array.from(query.prompt).length).toBeLessThanOrEqual(LONGEST_SEARCH);
        expect(query.prompt).toBe(query.prompt.trim());
        if (query.model !== undefined) expect(GENERATION_MODELS).toContain(query.model);
        if (query.status !== undefined) expect([0, 1, 2, 3]).toContain(query.status);
        if (query.from !== undefined) expect(isCalendarDay(query.from)).toBe(true);
        if (query.to !== undefined) expect(isCalendarDay(query.to)).toBe(true);
        if (query.from !== undefined && query.to !== undefined) expect(query.from <= query.to).toBe(true);
        // Written and read again, it is the same query: a reload changes nothing.
        const written = searchFromHistoryQuery(query);
        expect(historyQueryFromSearch(written)).toEqual(query);
        expect(searchFromHistoryQuery(historyQueryFromSearch(written))).toBe(written);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every valid query exactly through the address', () => {
    fc.assert(
      fc.property(validQuery, (query) => {
        expect(historyQueryFromSearch(searchFromHistoryQuery(query))).toEqual(query);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes nothing for the defaults and only what differs otherwise', () => {
    expect(searchFromHistoryQuery(DEFAULT_HISTORY_QUERY)).toBe('');
    expect(
      searchFromHistoryQuery({ view: 'gallery', prompt: ' red fox ', model: 'nano-banana-pro', status: 3, from: '2026-01-01', to: '2026-01-31' }),
    ).toBe('?view=gallery&q=red+fox&model=nano-banana-pro&status=3&from=2026-01-01&to=2026-01-31');
  });

  it('drops what it does not know and turns a backwards range round', () => {
    expect(historyQueryFromSearch('?view=grid&model=dall-e&status=9&from=2026-02-30&to=yesterday&q=%20%20')).toEqual(DEFAULT_HISTORY_QUERY);
    expect(historyQueryFromSearch('?from=2026-03-10&to=2026-03-01')).toEqual({ view: 'table', prompt: '', from: '2026-03-01', to: '2026-03-10' });
    expect(historyQueryFromSearch(`?q=${'a'.repeat(500)}`).prompt).toHaveLength(LONGEST_SEARCH);
    // Cut by characters, never inside one.
    expect(historyQueryFromSearch(`?q=${encodeURIComponent('🍌'.repeat(300))}`).prompt).toBe('🍌'.repeat(LONGEST_SEARCH));
  });

  it('tells real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('0999-01-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });

  it('hands the list its filters, and the view is not one of them', () => {
    const query: HistoryQuery = { view: 'gallery', prompt: 'fox', status: 1, from: '2026-01-01' };
    expect(listFiltersOf(query)).toEqual({ prompt: 'fox', model: undefined, status: 1, from: '2026-01-01', to: undefined });
    expect(sameFilters(listFiltersOf({ ...query, view: 'table' }), listFiltersOf(query))).toBe(true);
    expect(sameFilters({ prompt: 'fox' }, { prompt: 'fox', model: undefined })).toBe(true);
    expect(sameFilters({ prompt: 'fox' }, { prompt: 'cat' })).toBe(false);
  });

  it('turns the filters into the call: the range as local days, both ends included; anything unknown left out', () => {
    const request = historyRequest(2, 10, { prompt: '  fox ', model: 'nano-banana', status: 3, from: '2026-03-01', to: '2026-03-02' });
    expect(request).toEqual({
      pageNum: 2,
      pageSize: 10,
      status: 3,
      model: 'nano-banana',
      prompt: 'fox',
      fromMs: new Date(2026, 2, 1).getTime(),
      toMs: new Date(2026, 2, 3).getTime(),
    });
    expect(historyRequest(1, 10, { model: 'dall-e', status: 7, from: 'soon', to: 5, prompt: '' })).toEqual({ pageNum: 1, pageSize: 10 });
  });
});
