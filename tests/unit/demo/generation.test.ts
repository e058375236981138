import { describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../../../src/api/contract';
import { findAccountByEmail, type Account } from '../../../src/demo/db';
import { TASK_BASE_MS, TASK_PER_IMAGE_MS, createTask, resultImageUrl, settleDueTasks, GENERATION_FAILED_CODE } from '../../../src/demo/generation/tasks';
import { effectiveSeed } from '../../../src/demo/generation/images';
import { ORIGIN, call, dataOf, signUp, startDemoServer } from './helpers';

const demo = startDemoServer();

const request = { prompt: 'A banana astronaut', type: 'TEXTTOIAMGE', model: 'nano-banana', numImages: 2, aspectRatio: '16:9', outputFormat: 'png' } satisfies GenerateRequest;

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
    expect(record).toMatchObject({ taskId, successFlag: 0, response: null, completeTime: null, errorMessage: null });
    expect(JSON.parse(record.paramJson)).toEqual(request);
    // Nothing charged yet; the history shows it as generating, with its cost and key.
    expect(dataOf('userInfo', await call('userInfo', {}, token)).credits).toBe(100);
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10 }, token));
    expect(page.records).toEqual([expect.objectContaining({ taskId, status: 0, credits: 4, refundedCredits: 0, apiKeyName: 'Default', prompt: request.prompt })]);
    // The key was used just now.
    expect(accountOf(email).apiKeys[0]?.lastUsedTime).toBe(record.createTime);
  });

  it('refuses an unknown key, another account’s task, and a task that does not exist', async () => {
    const { key } = await signedUpKey();
    const other = await signedUpKey();
    expect(await call('generate', request, 'Bearer nb_unknown')).toEqual({ code: 401, msg: 'This API key is not valid. Check it on the API keys page.', data: null });
    expect(await call('generate', request)).toMatchObject({ code: 401 });
    const { taskId } = dataOf('generate', await call('generate', request, key));
    expect(await call('taskRecord', { taskId }, other.key)).toMatchObject({ code: 404 });
    expect(await call('taskRecord', { taskId: 'nope' }, key)).toMatchObject({ code: 404, msg: 'No task with this id belongs to this key’s account.' });
  });

  it('refuses bad requests with code 422 and says what is wrong', async () => {
    const { key } = await signedUpKey();
    const refused = async (change: Partial<GenerateRequest>) => call('generate', { ...request, ...change } as Record<string, unknown>, key);
    expect(await refused({ prompt: '  ' })).toEqual({ code: 422, msg: 'Describe the image: the prompt is empty.', data: null });
    expect(await refused({ prompt: 'x'.repeat(5001) })).toMatchObject({ code: 422, msg: 'The prompt is longer than 5000 characters.' });
    expect(await refused({ numImages: 5 })).toMatchObject({ code: 422, msg: 'numImages must be a whole number from 1 to 4.' });
    expect(await refused({ aspectRatio: '2:1' })).toMatchObject({ code: 422, msg: 'aspectRatio must be one of auto, 1:1, 3:4, 4:3, 9:16, 16:9, 21:9.' });
    expect(await refused({ seed: -3 })).toMatchObject({ code: 422 });
    expect(await refused({ type: 'IMAGETOIAMGE' })).toMatchObject({ code: 422, msg: 'IMAGETOIAMGE needs at least one URL in imageUrls.' });
    expect(await refused({ imageUrls: ['https://a.example/1.png'] })).toMatchObject({ code: 422, msg: 'Reference images need type IMAGETOIAMGE.' });
    expect(await refused({ type: 'IMAGETOIAMGE', imageUrls: ['javascript:alert(1)'] })).toMatchObject({ code: 422, msg: '"javascript:alert(1)" is not an http or https image URL.' });
    expect(await refused({ type: 'IMAGETOIAMGE', model: 'flux-kontext-pro', imageUrls: ['https://a.example/1', 'https://a.example/2'] })).toMatchObject({
      code: 422,
      msg: 'Flux Kontext Pro takes at most 1 reference image.',
    });
    // A wrong type is the request's shape, not its sense: the shared bad-request code.
    expect(await refused({ numImages: '2' as unknown as number })).toMatchObject({ code: 400001 });
  });

  it('refuses a task the balance cannot cover with code 402', async () => {
    const { email, key } = await signedUpKey();
    accountOf(email).credits = 5;
    demo.db.save();
    expect(await call('generate', { ...request, model: 'flux-kontext-pro' }, key)).toEqual({
      code: 402,
      msg: 'Insufficient credits: this task costs 8 credits and the balance is 5.',
      data: null,
    });
  });
});

describe('settling demo tasks', () => {
  const plan = { roll: 0.5, jitter: 0 };

  it('charges a successful task once, when it is due, and gives it one image URL per image', async () => {
    const { email, token } = await signUp();
    const data = demo.db.read();
    const account = accountOf(email);
    const key = account.apiKeys[0];
    if (!key) throw new Error('no key');
    const task = createTask(data, account, key, request, 0, plan, 1_000);
    expect(task.dueAt).toBe(1_000 + TASK_BASE_MS + 2 * TASK_PER_IMAGE_MS);
    expect(settleDueTasks(data, ORIGIN, task.dueAt - 1)).toBe(false);
    expect(task.successFlag).toBe(0);
    expect(settleDueTasks(data, ORIGIN, task.dueAt)).toBe(true);
    expect(task).toMatchObject({ successFlag: 1, completeTime: new Date(task.dueAt).toISOString() });
    expect(task.response?.resultImageUrls).toEqual([resultImageUrl(ORIGIN, task.taskId, 0), resultImageUrl(ORIGIN, task.taskId, 1)]);
    expect(task.response?.resultImageUrls[0]).toBe(`${ORIGIN}/demo-results/${task.taskId}/1`);
    expect(account.credits).toBe(96);
    // Settling again changes nothing.
    expect(settleDueTasks(data, ORIGIN, task.dueAt + 10_000)).toBe(false);
    expect(account.credits).toBe(96);
    demo.db.save();
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10 }, token));
    expect(page.records[0]).toMatchObject({ status: 1, credits: 4, refundedCredits: 0, resultImageUrls: task.response?.resultImageUrls });
  });

  it('a failed task charges nothing, refunds its cost in the record, and says why', async () => {
    const { email } = await signUp();
    const data = demo.db.read();
    const account = accountOf(email);
    const key = account.apiKeys[0];
    if (!key) throw new Error('no key');
    // The failure rate decides at creation: a roll under 100 % fails.
    const task = createTask(data, account, key, request, 100, plan, 0);
    expect(task.plannedOutcome).toBe('failure');
    settleDueTasks(data, ORIGIN, task.dueAt);
    expect(task).toMatchObject({ successFlag: 3, errorCode: GENERATION_FAILED_CODE, response: null });
    expect(task.errorMessage).toEqual(expect.any(String));
    expect(account.credits).toBe(100);
    const record = data.usageRecords.find((row) => row.taskId === task.taskId);
    expect(record).toMatchObject({ status: 3, credits: 4, refundedCredits: 4, errorMessage: task.errorMessage });
    expect(createTask(data, account, key, request, 49, plan, 0).plannedOutcome).toBe('success');
  });

  it('a task without a seed still draws the same images every time', () => {
    expect(effectiveSeed('00000fff0000', undefined)).toBe(0xfff);
    expect(effectiveSeed('00000fff0000', undefined)).toBe(effectiveSeed('00000fff0000', undefined));
    expect(effectiveSeed('00000fff0000', 7)).toBe(7);
  });
});
