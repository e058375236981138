import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UsageRecordSchema, type UsageRecord } from '../../../src/api/contract';
import { RecordThumbnail } from '../../../src/features/history/RecordThumbnail';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

function record(resultImageUrls: string[]): UsageRecord {
  return v.parse(UsageRecordSchema, {
    id: 'r1',
    taskId: 'task-1',
    createTime: '2026-11-24T06:00:00Z',
    model: 'nano-banana',
    status: 1,
    credits: 2,
    resultImageUrls,
  });
}

function renderThumbnail(urls: string[]) {
  const view = render(
    <I18nProvider i18n={i18n}>
      <RecordThumbnail record={record(urls)} />
    </I18nProvider>,
  );
  return (next: string[]) =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <RecordThumbnail record={record(next)} />
      </I18nProvider>,
    );
}

/** The thumbnail's picture: decorative (alt=""), as the row's prompt says what it shows, so it has no role to find. */
function picture(): HTMLImageElement {
  const image = document.querySelector('img');
  if (!image) throw new Error('no picture shown');
  expect(image).toHaveAttribute('alt', '');
  return image;
}

describe('the history thumbnail', () => {
  it('shows the first result image, and a plain tile when there is none', () => {
    const rerender = renderThumbnail(['https://images.example.com/a.png', 'https://images.example.com/b.png']);
    expect(picture()).toHaveAttribute('src', 'https://images.example.com/a.png');
    rerender([]);
    expect(document.querySelector('img')).toBeNull();
  });

  it('falls back to the tile when the picture cannot load, and tries a new picture the record gets later', () => {
    const rerender = renderThumbnail(['https://images.example.com/expired.png']);
    fireEvent.error(picture());
    expect(document.querySelector('img')).toBeNull();
    // The same record, refreshed with another result address (same row, same component).
    rerender(['https://images.example.com/fresh.png']);
    expect(picture()).toHaveAttribute('src', 'https://images.example.com/fresh.png');
  });
});
