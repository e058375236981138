// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TASK_ENDPOINTS, isTaskApiPath, taskRequestProblem } from '../../e2e-live/server/taskApi';

const CALLBACK = 'http://127.0.0.1:4391/callback';

describe("the live test server's task-API check (documented fields only)", () => {
  it('lets documented requests through', () => {
    expect(
      taskRequestProblem('/api/v1/nanobanana/generate', 'POST', {
        prompt: 'A lighthouse',
        type: 'IMAGETOIAMGE',
        imageUrls: ['https://example.com/a.png'],
        numImages: 4,
        watermark: 'nb',
        image_size: '16:9',
        callBackUrl: CALLBACK,
      }),
    ).toBeNull();
    expect(
      taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', {
        prompt: 'A lighthouse',
        imageUrls: Array.from({ length: 14 }, (_, i) => `https://example.com/${i}.png`),
        aspectRatio: '21:9',
        resolution: '4K',
        outputFormat: 'jpg',
        googleSearch: true,
        callBackUrl: CALLBACK,
      }),
    ).toBeNull();
    expect(taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', { prompt: 'A lighthouse' })).toBeNull();
    expect(
      taskRequestProblem('/api/v1/nanobanana/generate-pro', 'POST', {
        prompt: 'A lighthouse',
        resolution: '2K',
        aspectRatio: '1:1',
        callBackUrl: CALLBACK,
      }),
    ).toBeNull();
    expect(taskRequestProblem('/api/v1/nanobanana/record-info', 'GET', { taskId: 'abc123' })).toBeNull();
    expect(taskRequestProblem('/api/v1/common/credit', 'GET', {})).toBeNull();
  });

  it('refuses a field the documentation does not define, naming it', () => {
    expect(taskRequestProblem('/api/v1/nanobanana/generate', 'POST', { prompt: 'x', callBackUrl: CALLBACK, model: 'nano-banana' })).toMatch(
      /unknown field model$/,
    );
    expect(taskRequestProblem('/api/v1/nanobanana/generate-pro', 'POST', { prompt: 'x', outputFormat: 'png' })).toMatch(
      /unknown field outputFormat$/,
    );
    expect(taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', { prompt: 'x', numImages: 1 })).toMatch(/unknown field numImages$/);
    expect(taskRequestProblem('/api/v1/nanobanana/record-info', 'GET', { taskId: 'a', _: '1' })).toMatch(/unknown field _$/);
    expect(taskRequestProblem('/api/v1/common/credit', 'GET', { apiKey: 'nb_x' })).toMatch(/unknown field apiKey$/);
  });

  it('refuses a missing required field and values out of their documented range', () => {
    expect(taskRequestProblem('/api/v1/nanobanana/generate', 'POST', { prompt: 'x', type: 'TEXTTOIAMGE' })).toMatch(
      /missing required field callBackUrl$/,
    );
    expect(taskRequestProblem('/api/v1/nanobanana/generate', 'POST', { prompt: 'x', callBackUrl: CALLBACK })).toMatch(/missing required field type$/);
    expect(taskRequestProblem('/api/v1/nanobanana/record-info', 'GET', {})).toMatch(/missing required field taskId$/);
    const generate = (fields: Record<string, unknown>) =>
      taskRequestProblem('/api/v1/nanobanana/generate', 'POST', { prompt: 'x', type: 'TEXTTOIAMGE', callBackUrl: CALLBACK, ...fields });
    // Each endpoint's own ratios: Nano Banana has no auto, Pro has no 8:1.
    expect(generate({ image_size: 'auto' })).toMatch(/image_size must be one of/);
    expect(generate({ image_size: '21:9' })).toBeNull();
    expect(taskRequestProblem('/api/v1/nanobanana/generate-pro', 'POST', { prompt: 'x', aspectRatio: '8:1' })).toMatch(/aspectRatio must be one of/);
    expect(taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', { prompt: 'x', aspectRatio: '8:1' })).toBeNull();
    expect(generate({ numImages: 5 })).toMatch(/numImages must be a whole number from 1 to 4/);
    expect(generate({ numImages: 1.5 })).toMatch(/numImages/);
    expect(generate({ type: 'TEXTTOIMAGE' })).toMatch(/type must be one of TEXTTOIAMGE, IMAGETOIAMGE/);
    expect(generate({ callBackUrl: 'javascript:alert(1)' })).toMatch(/callBackUrl must be an http\(s\) URL/);
    expect(generate({ prompt: '  ' })).toMatch(/prompt must be a non-empty string/);
    expect(
      taskRequestProblem('/api/v1/nanobanana/generate-pro', 'POST', {
        prompt: 'x',
        imageUrls: Array.from({ length: 9 }, (_, i) => `https://e.com/${i}`),
      }),
    ).toMatch(/takes at most 8 URLs/);
    expect(taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', { prompt: 'x', resolution: '8K' })).toMatch(
      /resolution must be one of 1K, 2K, 4K/,
    );
    expect(taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', { prompt: 'x', outputFormat: 'jpeg' })).toMatch(
      /outputFormat must be one of png, jpg/,
    );
    expect(taskRequestProblem('/api/v1/nanobanana/generate-2', 'POST', { prompt: 'x', googleSearch: 'yes' })).toMatch(
      /googleSearch must be true or false/,
    );
  });

  it('refuses unknown endpoints, wrong methods and bodies that are not objects', () => {
    expect(taskRequestProblem('/api/v1/nanobanana/generate-3', 'POST', {})).toMatch(/not an endpoint/);
    expect(taskRequestProblem('/api/v1/nanobanana/generate', 'GET', {})).toMatch(/takes POST, not GET/);
    expect(taskRequestProblem('/api/v1/nanobanana/generate', 'POST', ['prompt'])).toMatch(/JSON object/);
    expect(isTaskApiPath('/api/v1/nanobanana/record-info')).toBe(true);
    expect(isTaskApiPath('/client/v1/user/login')).toBe(false);
    expect(Object.keys(TASK_ENDPOINTS)).toHaveLength(5);
  });
});
