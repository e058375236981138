import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import * as v from 'valibot';
import { httpUrl, isHttpUrl, safeHref } from '../../../src/services/urls';
import { TaskRecordSchema, UsageRecordSchema } from '../../../src/api/contract';

const NOT_WEB = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<b>x</b>',
  'vbscript:x',
  'blob:https://a.example/1',
  'file:///etc/passwd',
  'mailto:a@example.com',
];

describe('the one rule for outside addresses', () => {
  it('keeps http(s) and refuses every other scheme, with or without a base', () => {
    expect(isHttpUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isHttpUrl('http://cdn.example.com/a.png')).toBe(true);
    for (const url of [...NOT_WEB, '/relative.png', '', 'https://']) expect(isHttpUrl(url), url).toBe(false);
    for (const url of NOT_WEB) expect(httpUrl(url, 'https://api.example.com'), url).toBeNull();
  });

  it('reads a path against the host that handed it out, not the page', () => {
    expect(httpUrl('/invoices/123.pdf', 'https://api.example.com/v1/')?.href).toBe('https://api.example.com/invoices/123.pdf');
    expect(httpUrl('invoices/123.pdf', 'https://api.example.com/v1/')?.href).toBe('https://api.example.com/v1/invoices/123.pdf');
    expect(safeHref('/invoices/1.pdf')).toBeUndefined();
    expect(safeHref('/invoices/1.pdf', 'https://api.example.com')).toBe('https://api.example.com/invoices/1.pdf');
    expect(safeHref(null)).toBeUndefined();
  });

  it('never lets anything but http(s) through, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom(...NOT_WEB)),
        fc.option(fc.constantFrom('https://api.example.com', 'not a base'), { nil: undefined }),
        (text, base) => {
          const href = safeHref(text, base);
          if (href !== undefined) expect(new URL(href).protocol).toMatch(/^https?:$/);
        },
      ),
    );
  });
});

describe('images where answers enter', () => {
  it('a usage record keeps only its http(s) images', () => {
    const record = v.parse(UsageRecordSchema, {
      id: 1,
      taskId: 't',
      createTime: '2026-01-01T00:00:00Z',
      model: 'nano-banana',
      status: 1,
      credits: 1,
      resultImageUrls: ['https://a.example/1.png', ...NOT_WEB, '/relative.png', 'HTTP://b.example/2.png'],
    });
    expect(record.resultImageUrls).toEqual(['https://a.example/1.png', 'HTTP://b.example/2.png']);
  });

  it('a task record keeps only http(s) images, in each form a host sends them', () => {
    const parse = (response: unknown) => v.parse(TaskRecordSchema, { taskId: 't', successFlag: 1, response }).response;
    expect(
      parse({
        resultImageUrl: 'javascript:alert(1)',
        originImageUrl: 'data:image/png;base64,AA==',
        resultImageUrls: ['https://a.example/1.png', 'javascript:x'],
      }),
    ).toEqual({
      resultImageUrl: '',
      originImageUrl: '',
      resultImageUrls: ['https://a.example/1.png'],
    });
    expect(parse({ resultImageUrl: ['javascript:x', 'https://a.example/1.png', '/b.png'], resultImageUrls: ['data:,x'] })).toEqual({
      resultImageUrl: 'https://a.example/1.png',
      originImageUrl: '',
      resultImageUrls: ['https://a.example/1.png'],
    });
  });
});
