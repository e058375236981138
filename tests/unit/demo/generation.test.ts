import { describe, expect, it } from 'vitest';
import type { NanoBananaRequest } from '../../../src/api/contract';
import { findAccountByEmail, type Account } from '../../../src/demo/db';
import {
  TASK_BASE_MS,
  TASK_PER_IMAGE_MS,
  callParameters,
  createTask,
  resultImageUrl,
  settleDueTasks,
  taskTime,
  GENERATION_FAILED_CODE,
} from '../../../src/demo/generation/tasks';
import { taskSeed } from '../../../src/demo/generation/images';
import { ORIGIN, call, dataOf, signUp, startDemoServer } from './helpers';

const demo = startDemoServer();

const CALLBACK = 'https://hooks.example.com/cb';
const request = {
  prompt: 'A banana astronaut',
  type: 'TEXTTOIAMGE',
  callBackUrl: CALLBACK,
  numImages: 2,
  image_size: '16:9',
} satisfies NanoBananaRequest;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function accountOf(email: string): Account {
  const account = findAccountByEmail(demo.db.read(), email);
  if (!account) throw new Error(`no account ${email}`);
  return account;
}

async function signedUpKey() {
  const { email, token, userInfo } = await signUp();
  return { email, token, key: `Bearer ${userInfo.apiKey}` };
}

describe('the demo task API', () => {
  it('creates a task paid for by the key’s account, which reads as generating until it is due', async () => {
    const { email, token, key } = await signedUpKey();
    const { taskId } = dataOf('generate', await call('generate', request, key));
    expect(taskId).toMatch(/^[0-9a-f]{32}$/);
    const record = dataOf('taskRecord', await call('taskRecord', { taskId }, key));
    // The documented record: times as local `YYYY-MM-DD HH:mm:ss` or "", errorCode 0 when none.
    expect(record).toMatchObject({ taskId, successFlag: 0, response: null, completeTime: '', errorCode: 0, errorMessage: '' });
    expect(record.createTime).toMatch(TIME);
    expect(JSON.parse(record.paramJson)).toEqual(request);
    // Nothing charged yet; the history shows it as generating, with its cost and key.
    expect(dataOf('userInfo', await call('userInfo', {}, token)).credits).toBe(100);
    expect(dataOf('credit', await call('credit', {}, key))).toBe(100);
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10 }, token));
    expect(page.records).toEqual([
      expect.objectContaining({
        taskId,
        model: 'nano-banana',
        status: 0,
        credits: 4,
        refundedCredits: 0,
        apiKeyName: 'Default',
        prompt: request.prompt,
      }),
    ]);
    expect(accountOf(email).apiKeys[0]?.lastUsedTime).toEqual(expect.any(String));
  });

  it('serves each model at its own endpoint and prices it by resolution', async () => {
    const { token, key } = await signedUpKey();
    const v2 = dataOf(
      'generate2',
      await call('generate2', { prompt: 'A fox', imageUrls: [], aspectRatio: '8:1', resolution: '4K', outputFormat: 'png', googleSearch: true }, key),
    );
    const pro = dataOf('generatePro', await call('generatePro', { prompt: 'A fox', resolution: '2K', aspectRatio: 'auto' }, key));
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10 }, token));
    expect(page.records.find((row) => row.taskId === v2.taskId)).toMatchObject({ model: 'nano-banana-2', credits: 9 });
    expect(page.records.find((row) => row.taskId === pro.taskId)).toMatchObject({ model: 'nano-banana-pro', credits: 9 });
  });

  it('refuses an unknown key, another account’s task, and a task that does not exist', async () => {
    const { key } = await signedUpKey();
    const other = await signedUpKey();
    expect(await call('generate', request, 'Bearer nb_unknown')).toEqual({
      code: 401,
      msg: 'This API key is not valid. Check it on the API keys page.',
      data: null,
    });
    expect(await call('generate', request)).toMatchObject({ code: 401 });
    expect(await call('credit', {}, 'Bearer nb_unknown')).toMatchObject({ code: 401 });
    const { taskId } = dataOf('generate', await call('generate', request, key));
    expect(await call('taskRecord', { taskId }, other.key)).toMatchObject({ code: 404 });
    expect(await call('taskRecord', { taskId: 'nope' }, key)).toMatchObject({
      code: 404,
      msg: 'No task with this id belongs to this key’s account.',
    });
  });

  it('refuses, with code 400, fields an endpoint does not define and values it does not take', async () => {
    const { key } = await signedUpKey();
    const refused = async (change: Record<string, unknown>, endpoint: 'generate' | 'generate2' | 'generatePro' = 'generate') =>
      call(endpoint, { ...(endpoint === 'generate' ? request : { prompt: 'A fox' }), ...change }, key);
    expect(await refused({ model: 'nano-banana' })).toEqual({ code: 400, msg: 'model is not a field of /api/v1/nanobanana/generate.', data: null });
    expect(await refused({ seed: 42 })).toMatchObject({ code: 400, msg: 'seed is not a field of /api/v1/nanobanana/generate.' });
    expect(await refused({ aspectRatio: '1:1' })).toMatchObject({ code: 400, msg: 'aspectRatio is not a field of /api/v1/nanobanana/generate.' });
    expect(await refused({ image_size: 'auto' })).toMatchObject({ code: 400 });
    expect(await refused({ callBackUrl: undefined })).toMatchObject({ code: 400, msg: 'callBackUrl is required.' });
    expect(await refused({ numImages: 5 })).toMatchObject({ code: 400 });
    expect(await refused({ prompt: '  ' })).toEqual({ code: 400, msg: 'Describe the image: the prompt is empty.', data: null });
    expect(await refused({ prompt: 'x'.repeat(5001) })).toMatchObject({ code: 400, msg: 'The prompt is longer than 5000 characters.' });
    expect(await refused({ type: 'IMAGETOIAMGE' })).toMatchObject({ code: 400, msg: 'IMAGETOIAMGE needs at least one URL in imageUrls.' });
    expect(await refused({ imageUrls: ['https://a.example/1.png'] })).toMatchObject({ code: 400, msg: 'Reference images need type IMAGETOIAMGE.' });
    expect(await refused({ type: 'IMAGETOIAMGE', imageUrls: ['javascript:alert(1)'] })).toMatchObject({ code: 400 });
    expect(await refused({ image_size: '2:1' }, 'generate2')).toMatchObject({
      code: 400,
      msg: 'image_size is not a field of /api/v1/nanobanana/generate-2.',
    });
    expect(await refused({ aspectRatio: '8:1' }, 'generatePro')).toMatchObject({ code: 400 });
    expect(await refused({ outputFormat: 'png' }, 'generatePro')).toMatchObject({ code: 400 });
    expect(await refused({ imageUrls: Array.from({ length: 9 }, (_, i) => `https://a.example/${i}`) }, 'generatePro')).toMatchObject({ code: 400 });
    expect(await refused({ prompt: 'x'.repeat(20_000) }, 'generate2')).toMatchObject({ code: 200 });
  });

  it('with its answer lost, still makes the task and charges it once: the history holds it, request and all', async () => {
    const { email, token, key } = await signedUpKey();
    demo.controls.set({ nextCall: { kind: 'lostAnswer' }, nextCallTarget: 'generate' });
    await expect(call('generate', request, key)).rejects.toThrow(TypeError);
    expect(demo.controls.get().nextCall).toBeNull();
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10, model: 'nano-banana' }, token));
    // What the app finds a lost task by: its model, its request as sent, and when it was made.
    expect(page.records).toEqual([expect.objectContaining({ model: 'nano-banana', status: 0, credits: 4 })]);
    const [record] = page.records;
    if (!record) throw new Error('no record');
    expect(JSON.parse(record.paramJson)).toEqual(request);
    expect(Date.now() - Date.parse(record.createTime)).toBeLessThan(5_000);
    // Settled when due: charged once.
    const data = demo.db.read();
    const task = data.tasks.find((row) => row.taskId === record.taskId);
    if (!task) throw new Error('no task');
    settleDueTasks(data, ORIGIN, task.dueAt);
    expect(accountOf(email).credits).toBe(96);
    expect(dataOf('taskRecord', await call('taskRecord', { taskId: record.taskId }, key)).successFlag).toBe(1);
  });

  it('refuses a task the balance cannot cover with code 402', async () => {
    const { email, key } = await signedUpKey();
    accountOf(email).credits = 5;
    demo.db.save();
    expect(await call('generate2', { prompt: 'A fox', resolution: '4K' }, key)).toEqual({
      code: 402,
      msg: 'Insufficient credits: this task costs 9 credits and the balance is 5.',
      data: null,
    });
  });
});

describe('settling demo tasks', () => {
  const plan = { roll: 0.5, jitter: 0 };
  const call2 = { endpoint: 'generate', request } as const;

  it('charges a successful task once, when it is due, with the first image in resultImageUrl and all of them listed', async () => {
    const { email, token } = await signUp();
    const data = demo.db.read();
    const account = accountOf(email);
    const key = account.apiKeys[0];
    if (!key) throw new Error('no key');
    const task = createTask(data, account, key, callParameters('nano-banana', call2), call2, 0, plan, 1_000);
    expect(task.dueAt).toBe(1_000 + TASK_BASE_MS + 2 * TASK_PER_IMAGE_MS);
    expect(settleDueTasks(data, ORIGIN, task.dueAt - 1)).toBe(false);
    expect(task.successFlag).toBe(0);
    expect(settleDueTasks(data, ORIGIN, task.dueAt)).toBe(true);
    expect(task).toMatchObject({ successFlag: 1, completeTime: taskTime(task.dueAt) });
    const urls = [resultImageUrl(ORIGIN, task.taskId, 0), resultImageUrl(ORIGIN, task.taskId, 1)];
    expect(task.response).toEqual({ resultImageUrl: urls[0], originImageUrl: urls[0], resultImageUrls: urls });
    expect(urls[0]).toBe(`${ORIGIN}/demo-results/${task.taskId}/1`);
    expect(account.credits).toBe(96);
    // Settling again changes nothing.
    expect(settleDueTasks(data, ORIGIN, task.dueAt + 10_000)).toBe(false);
    expect(account.credits).toBe(96);
    demo.db.save();
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10 }, token));
    expect(page.records[0]).toMatchObject({ status: 1, credits: 4, refundedCredits: 0, resultImageUrls: urls });
  });

  it('a failed task charges nothing, refunds its cost in the record, and says why', async () => {
    const { email } = await signUp();
    const data = demo.db.read();
    const account = accountOf(email);
    const key = account.apiKeys[0];
    if (!key) throw new Error('no key');
    // The failure rate decides at creation: a roll under 100 % fails.
    const params = callParameters('nano-banana', call2);
    const task = createTask(data, account, key, params, call2, 100, plan, 0);
    expect(task.plannedOutcome).toBe('failure');
    settleDueTasks(data, ORIGIN, task.dueAt);
    expect(task).toMatchObject({ successFlag: 3, response: null, errorCode: GENERATION_FAILED_CODE });
    expect(task.errorMessage).toEqual(expect.any(String));
    expect(account.credits).toBe(100);
    const record = data.usageRecords.find((row) => row.taskId === task.taskId);
    expect(record).toMatchObject({ status: 3, credits: 4, refundedCredits: 4, errorMessage: task.errorMessage });
    expect(createTask(data, account, key, params, call2, 49, plan, 0).plannedOutcome).toBe('success');
  });

  it('a prompt the content policy flags fails with code 400, whatever the failure rate', () => {
    const data = demo.db.read();
    const account = data.accounts[0];
    const key = account?.apiKeys[0];
    if (!account || !key) throw new Error('no account');
    const flaggedCall = { endpoint: 'generate', request: { ...request, prompt: 'A night market [flagged]' } } as const;
    const task = createTask(data, account, key, callParameters('nano-banana', flaggedCall), flaggedCall, 0, plan, 0);
    settleDueTasks(data, ORIGIN, task.dueAt);
    expect(task).toMatchObject({ successFlag: 3, errorCode: 400, errorMessage: 'Your prompt has been flagged by the content policy.' });
  });

  it('a task draws the same images every time', () => {
    expect(taskSeed('00000fff0000')).toBe(0xfff);
    expect(taskSeed('00000fff0000')).toBe(taskSeed('00000fff0000'));
  });
});
