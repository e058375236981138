/**
 * The public task API's documentation, taken at its word: the example answers its pages show go through the
 * real client (envelope rules and response schemas) and come out usable, and the callbacks its pages show fit
 * the contract's callback schema. If the contract drifts from the documented shapes, this fails.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import * as v from 'valibot';
import { i18n } from '@lingui/core';
import { endpoints } from '../../../src/api/contract';
import { buildOpenApiDocument } from '../../../src/api/openapi';
import { NanoBananaProRequestSchema, NanoBananaRequestSchema, NanoBanana2RequestSchema, TaskCallbackSchema } from '../../../src/api/taskRequests';
import { creditBalance, generate, taskRecord } from '../../../src/api/generation';
import { taskImageUrls } from '../../../src/actors/generation';
import { formatDate, parseServerTime } from '../../../src/ui/formatDate';
import { startTaskServer, TASK_HOST } from './taskServer';

const server = startTaskServer();

// "Get Task Details": the documented example answer, as the API reference at /docs shows it.
const RECORD_INFO_EXAMPLE = documentedAnswer(endpoints.taskRecord.path, 'success');

/** An example answer of a GET call in the OpenAPI document the reference is rendered from. */
function documentedAnswer(path: string, name: string): { code: number; msg: string; data: Record<string, JsonBodyType> } {
  const example = buildOpenApiDocument().paths[path]?.get?.responses['200']?.content?.['application/json']?.examples?.[name];
  if (example === undefined) throw new Error(`The reference shows no example "${name}" for GET ${path}`);
  return example.value as { code: number; msg: string; data: Record<string, JsonBodyType> };
}
// "Generate or Edit Image": the documented request and answer.
const GENERATE_REQUEST_EXAMPLE = {
  prompt: 'A serene mountain landscape at sunset with a lake reflecting the orange sky',
  numImages: 1,
  type: 'TEXTTOIAMGE',
  callBackUrl: 'https://your-callback-url.com/callback',
};
const GENERATE_EXAMPLE = { code: 200, msg: 'success', data: { taskId: 'task12345' } };
// "Image Generation or Editing Callbacks": the documented success callback.
const CALLBACK_EXAMPLE = {
  code: 200,
  msg: 'success',
  data: { taskId: 'task12345', info: { resultImageUrl: 'https://ourserver.com/image/result.jpg' } },
};
// "Generate Image (Nanobanana 2) callbacks": the whole record in `data`, nulls where nothing applies, and `24:00:00`.
const CALLBACK_2_EXAMPLE = {
  code: 200,
  msg: 'success',
  data: {
    taskId: '31ce2c17b257492959d62279e6d01a54',
    paramJson: '{...}',
    completeTime: '2026-02-27 24:00:00',
    response: { originImageUrl: null, resultImageUrl: 'https://tempfile.aiquickdraw.com/gemini-preview/xxxxxx.jpeg' },
    successFlag: 1,
    errorCode: null,
    errorMessage: null,
    operationType: 'nano-banana-2_1k',
    createTime: '2026-02-27 24:00:00',
  },
};

function answer(path: string, body: JsonBodyType) {
  server.use(http.all(`${TASK_HOST}${path}`, () => HttpResponse.json(body)));
}

describe('the public docs’ examples go through the client', () => {
  it('record-info: the image is the documented resultImageUrl; "" times read as no time', async () => {
    answer(endpoints.taskRecord.path, RECORD_INFO_EXAMPLE);
    const result = await taskRecord('nanobanana_task_123456', 'key');
    if (result.code !== 200) throw new Error('expected a task');
    expect(result.data).toMatchObject({ successFlag: 1, errorCode: 0, errorMessage: '', createTime: '', completeTime: '' });
    expect(taskImageUrls(result.data.response)).toEqual(['https://ourserver.com/image/result.jpg']);
    expect(result.data.response?.originImageUrl).toBe('https://bfl.com/image/original.jpg');
    expect(Number.isNaN(parseServerTime(result.data.createTime))).toBe(true);
  });

  it('record-info as the newer endpoints answer it: null error fields and originImageUrl, extra fields ignored', async () => {
    answer(endpoints.taskRecord.path, CALLBACK_2_EXAMPLE);
    const result = await taskRecord('31ce2c17b257492959d62279e6d01a54', 'key');
    if (result.code !== 200) throw new Error('expected a task');
    expect(result.data).toMatchObject({ errorCode: 0, errorMessage: '', response: { originImageUrl: '' } });
    expect(taskImageUrls(result.data.response)).toEqual(['https://tempfile.aiquickdraw.com/gemini-preview/xxxxxx.jpeg']);
    // 24:00:00 is the midnight that ends the day.
    expect(parseServerTime(result.data.completeTime)).toBe(new Date(2026, 1, 28, 0, 0, 0).getTime());
    expect(formatDate(i18n, result.data.completeTime, { dateStyle: 'medium' })).not.toBe('—');
  });

  it('a host that sends several images as a list in resultImageUrl loses none of them', async () => {
    const urls = ['https://ourserver.com/image/1.jpg', 'https://ourserver.com/image/2.jpg'];
    answer(endpoints.taskRecord.path, {
      ...RECORD_INFO_EXAMPLE,
      data: { ...RECORD_INFO_EXAMPLE.data, response: { resultImageUrl: urls, originImageUrl: null } },
    });
    const result = await taskRecord('t', 'key');
    if (result.code !== 200) throw new Error('expected a task');
    expect(result.data.response?.resultImageUrl).toBe(urls[0]);
    expect(taskImageUrls(result.data.response)).toEqual(urls);
  });

  it('an errorCode sent as digits is still an integer', async () => {
    answer(endpoints.taskRecord.path, {
      ...RECORD_INFO_EXAMPLE,
      data: { ...RECORD_INFO_EXAMPLE.data, successFlag: 3, response: null, errorCode: '501', errorMessage: 'failed' },
    });
    const result = await taskRecord('t', 'key');
    expect(result.code === 200 && result.data.errorCode).toBe(501);
  });

  it('generate: the documented request is one the contract accepts, and its answer gives the task id', async () => {
    expect(v.safeParse(NanoBananaRequestSchema, GENERATE_REQUEST_EXAMPLE).success).toBe(true);
    answer(endpoints.generate.path, GENERATE_EXAMPLE);
    const result = await generate({ endpoint: 'generate', request: v.parse(NanoBananaRequestSchema, GENERATE_REQUEST_EXAMPLE) }, 'key');
    expect(result).toEqual(GENERATE_EXAMPLE);
  });

  it('the other endpoints take their documented fields and refuse the ones they lack', () => {
    expect(
      v.safeParse(NanoBanana2RequestSchema, {
        prompt: 'x',
        imageUrls: [],
        aspectRatio: 'auto',
        resolution: '4K',
        outputFormat: 'jpg',
        googleSearch: false,
      }).success,
    ).toBe(true);
    expect(
      v.safeParse(NanoBananaProRequestSchema, {
        prompt: 'x',
        imageUrls: ['https://example-image.png'],
        resolution: '2K',
        callBackUrl: 'https://example-callback.com',
        aspectRatio: '16:9',
      }).success,
    ).toBe(true);
    expect(v.safeParse(NanoBananaRequestSchema, { ...GENERATE_REQUEST_EXAMPLE, model: 'nano-banana' }).success).toBe(false);
    expect(v.safeParse(NanoBananaRequestSchema, { ...GENERATE_REQUEST_EXAMPLE, aspectRatio: '1:1' }).success).toBe(false);
    expect(v.safeParse(NanoBanana2RequestSchema, { prompt: 'x', image_size: '1:1' }).success).toBe(false);
    expect(v.safeParse(NanoBananaProRequestSchema, { prompt: 'x', outputFormat: 'png' }).success).toBe(false);
  });

  it('credit: the balance is a bare number', async () => {
    answer(endpoints.credit.path, { code: 200, msg: 'success', data: 100 });
    await expect(creditBalance('key')).resolves.toMatchObject({ code: 200, data: 100 });
  });

  it('callbacks: both documented shapes fit the contract', () => {
    const first = v.parse(TaskCallbackSchema, CALLBACK_EXAMPLE);
    expect(first.data.info?.resultImageUrl).toBe('https://ourserver.com/image/result.jpg');
    const second = v.parse(TaskCallbackSchema, CALLBACK_2_EXAMPLE);
    expect(second.data).toMatchObject({ successFlag: 1, errorCode: 0 });
    expect(taskImageUrls(second.data.response ?? null)).toEqual(['https://tempfile.aiquickdraw.com/gemini-preview/xxxxxx.jpeg']);
  });
});
