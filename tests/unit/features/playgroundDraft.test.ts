import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { NanoBanana2RequestSchema, NanoBananaProRequestSchema, NanoBananaRequestSchema } from '../../../src/api/taskRequests';
import {
  DEFAULT_DRAFT,
  callFromDraft,
  draftCost,
  draftFromParamJson,
  draftFromSearch,
  fitDraftToModel,
  playgroundHref,
  searchFromDraft,
  validateDraft,
  type GenerationDraft,
} from '../../../src/domain/generationDraft';
import { curlGenerate, curlTaskStatus, javascriptGenerate, pythonGenerate } from '../../../src/domain/snippets';
import { pythonLiteral, shellQuote } from '../../../src/domain/codeLiterals';
import { GENERATION_MODELS, MODELS } from '../../../src/domain/generationOptions';

const CALLBACK = 'https://hooks.example.com/nano-banana';

const v1: GenerationDraft = {
  ...DEFAULT_DRAFT,
  prompt: 'A fox & a "hen" at 50% — 日本',
  model: 'nano-banana',
  aspectRatio: '16:9',
  numImages: 3,
  watermark: 'ACME',
  referenceUrls: ['https://img.example/a.png'],
};
const v2: GenerationDraft = {
  ...DEFAULT_DRAFT,
  prompt: 'A neon fox',
  model: 'nano-banana-2',
  aspectRatio: '8:1',
  resolution: '4K',
  outputFormat: 'png',
  googleSearch: true,
};
const pro: GenerationDraft = { ...DEFAULT_DRAFT, prompt: 'A neon fox', model: 'nano-banana-pro', aspectRatio: 'auto', resolution: '2K' };

/** The fields each endpoint documents; a request with any other field is refused by the host. */
const DOCUMENTED: Record<string, readonly string[]> = {
  generate: ['prompt', 'type', 'callBackUrl', 'numImages', 'imageUrls', 'watermark', 'image_size'],
  generate2: ['prompt', 'imageUrls', 'aspectRatio', 'resolution', 'outputFormat', 'googleSearch', 'callBackUrl'],
  generatePro: ['prompt', 'imageUrls', 'resolution', 'aspectRatio', 'callBackUrl'],
};
const SCHEMAS = { generate: NanoBananaRequestSchema, generate2: NanoBanana2RequestSchema, generatePro: NanoBananaProRequestSchema } as const;

describe('the playground form in the address', () => {
  it('round-trips every field its model takes, with only what differs from the defaults', () => {
    for (const draft of [v1, v2, pro]) expect(draftFromSearch(searchFromDraft(draft))).toEqual(draft);
    expect(searchFromDraft(DEFAULT_DRAFT)).toBe('');
    expect(playgroundHref({ ...DEFAULT_DRAFT, prompt: 'hi' })).toBe('/playground/flux?prompt=hi');
  });

  it('falls back to the model’s defaults for anything it does not take', () => {
    expect(draftFromSearch('?model=gpt&ratio=2:1&format=gif&n=9&res=8K')).toEqual({ ...DEFAULT_DRAFT, numImages: 4 });
    // Nano Banana has no 8:1 and no auto; Nano Banana 2 makes one image per task.
    expect(draftFromSearch('?ratio=8:1').aspectRatio).toBe('1:1');
    expect(draftFromSearch('?model=nano-banana-2&n=3').numImages).toBe(1);
    expect(draftFromSearch('?n=0').numImages).toBe(1);
  });

  it('moving to another model keeps what it can and fits the rest', () => {
    expect(fitDraftToModel({ ...v2, model: 'nano-banana' })).toMatchObject({ model: 'nano-banana', aspectRatio: '1:1', resolution: '4K' });
    expect(fitDraftToModel({ ...v1, model: 'nano-banana-pro' })).toMatchObject({
      aspectRatio: '16:9',
      numImages: 1,
      referenceUrls: v1.referenceUrls,
    });
  });

  it('restores a past task from its paramJson in its endpoint’s own field names, and refuses what is not a request', () => {
    expect(draftFromParamJson(JSON.stringify(callFromDraft(v1, CALLBACK).request), 'nano-banana')).toEqual(v1);
    expect(draftFromParamJson(JSON.stringify(callFromDraft(v2, CALLBACK).request), 'nano-banana-2')).toEqual(v2);
    expect(draftFromParamJson(JSON.stringify(callFromDraft(pro).request), 'nano-banana-pro')).toEqual(pro);
    expect(draftFromParamJson('not json')).toBeNull();
    expect(draftFromParamJson('{"image_size":"1:1"}')).toBeNull();
  });
});

describe('the request a form makes', () => {
  it('goes to its model’s endpoint with exactly the fields that endpoint documents, and passes the strict contract', () => {
    for (const model of GENERATION_MODELS) {
      for (const referenceUrls of [[], ['https://img.example/a.png']]) {
        const draft = fitDraftToModel({ ...v1, model, referenceUrls, googleSearch: true });
        const call = callFromDraft(draft, CALLBACK);
        expect(call.endpoint).toBe(MODELS[model].endpoint);
        for (const field of Object.keys(call.request)) expect(DOCUMENTED[call.endpoint]).toContain(field);
        expect(v.safeParse(SCHEMAS[call.endpoint], call.request).success).toBe(true);
        expect(call.request).not.toHaveProperty('model');
        expect(call.request).not.toHaveProperty('seed');
      }
    }
  });

  it('Nano Banana: type by reference images, image_size for the ratio, the callback it requires', () => {
    expect(callFromDraft(v1, CALLBACK)).toEqual({
      endpoint: 'generate',
      request: {
        prompt: v1.prompt,
        type: 'IMAGETOIAMGE',
        callBackUrl: CALLBACK,
        numImages: 3,
        imageUrls: ['https://img.example/a.png'],
        watermark: 'ACME',
        image_size: '16:9',
      },
    });
    const textOnly = callFromDraft({ ...v1, prompt: '  trimmed  ', watermark: ' ', referenceUrls: ['', '  '] }, CALLBACK).request;
    expect(textOnly).toEqual({ prompt: 'trimmed', type: 'TEXTTOIAMGE', callBackUrl: CALLBACK, numImages: 3, image_size: '16:9' });
  });

  it('Nano Banana 2 and Pro: aspectRatio, resolution, and a callback only when one is configured', () => {
    expect(callFromDraft(v2, '')).toEqual({
      endpoint: 'generate2',
      request: { prompt: 'A neon fox', imageUrls: [], aspectRatio: '8:1', resolution: '4K', outputFormat: 'png', googleSearch: true },
    });
    expect(callFromDraft(pro, CALLBACK)).toEqual({
      endpoint: 'generatePro',
      request: { prompt: 'A neon fox', resolution: '2K', aspectRatio: 'auto', callBackUrl: CALLBACK },
    });
  });

  it('costs the model’s price per image at the resolution, times the images', () => {
    expect(draftCost({ ...v1, numImages: 1 })).toBe(2);
    expect(draftCost(v1)).toBe(6);
    expect(draftCost(v2)).toBe(9);
    expect(draftCost({ ...v2, resolution: '1K' })).toBe(4);
    expect(draftCost(pro)).toBe(9);
    expect(draftCost({ ...pro, resolution: '4K' })).toBe(12);
  });
});

describe('form rules', () => {
  it('accepts a good form', () => {
    for (const draft of [v1, v2, pro]) expect(validateDraft(draft, CALLBACK)).toEqual({});
  });

  it('names each wrong field with its problem, by the chosen model’s limits', () => {
    expect(validateDraft({ ...v1, prompt: '   ' }, CALLBACK)).toEqual({ prompt: 'required' });
    expect(validateDraft({ ...v1, prompt: 'x'.repeat(5001) }, CALLBACK)).toEqual({ prompt: 'tooLong' });
    // Nano Banana 2 takes up to 20,000 characters and 14 references.
    expect(validateDraft({ ...v2, prompt: 'x'.repeat(20_000) }, CALLBACK)).toEqual({});
    expect(validateDraft({ ...v2, referenceUrls: Array.from({ length: 15 }, (_, i) => `https://a.example/${i}`) }, CALLBACK)).toEqual({
      referenceUrls: 'tooMany',
    });
    expect(validateDraft({ ...pro, referenceUrls: Array.from({ length: 9 }, (_, i) => `https://a.example/${i}`) }, CALLBACK)).toEqual({
      referenceUrls: 'tooMany',
    });
    expect(validateDraft({ ...v1, numImages: 5 }, CALLBACK)).toEqual({ numImages: 'outOfRange' });
    expect(validateDraft({ ...v2, numImages: 2 }, CALLBACK)).toEqual({ numImages: 'outOfRange' });
    expect(validateDraft({ ...v1, referenceUrls: ['ftp://x', 'https://ok.example/a.png', 'nope'] }, CALLBACK)).toEqual({
      'referenceUrls.0': 'notUrl',
      'referenceUrls.2': 'notUrl',
    });
  });

  it('says so instead of sending Nano Banana a request without the callback it requires', () => {
    expect(validateDraft(v1, '')).toEqual({ model: 'needsCallback' });
    expect(validateDraft(v2, '')).toEqual({});
    expect(validateDraft(pro, '')).toEqual({});
  });
});

describe('the request as code', () => {
  const target = { baseUrl: 'https://api.example.com/', apiKey: "nb_k'ey" };

  it('quotes anything for a POSIX shell', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME `x`')).toBe(`'$HOME \`x\`'`);
  });

  it('writes Python literals, leaving words inside strings alone', () => {
    expect(pythonLiteral({ prompt: 'Style: true colors, null hue', googleSearch: true, imageUrls: [], x: null })).toBe(
      '{\n    "prompt": "Style: true colors, null hue",\n    "googleSearch": True,\n    "imageUrls": [],\n    "x": None\n}',
    );
  });

  it('curl carries the key and the exact request body, to the model’s endpoint', () => {
    const call = callFromDraft(v1, CALLBACK);
    const command = curlGenerate(call, target);
    expect(command).toContain(`curl -X POST 'https://api.example.com/api/v1/nanobanana/generate'`);
    expect(command).toContain(`-H 'Authorization: Bearer nb_k'\\''ey'`);
    const body = /-d '([\s\S]*)'$/.exec(command)?.[1]?.replace(/'\\''/g, "'");
    expect(JSON.parse(body ?? '')).toEqual(call.request);
    expect(curlGenerate(callFromDraft(v2), target)).toContain('/api/v1/nanobanana/generate-2');
    expect(curlGenerate(callFromDraft(pro), target)).toContain('/api/v1/nanobanana/generate-pro');
    expect(curlTaskStatus('task 1', target)).toContain(`'https://api.example.com/api/v1/nanobanana/record-info?taskId=task%201'`);
  });

  it('JavaScript and Python create the task, poll it with back-off, slow down on 429 and read resultImageUrl', () => {
    const js = javascriptGenerate(callFromDraft(v1, CALLBACK), target);
    expect(js).toContain('const API_KEY = "nb_k\'ey";');
    expect(js).toContain('"https://api.example.com/api/v1/nanobanana/generate"');
    expect(js).toContain('task.code === 429');
    expect(js).toContain('"prompt": "A fox & a \\"hen\\" at 50% — 日本"');
    expect(js).toContain('task.data.response.resultImageUrl');
    const py = pythonGenerate(callFromDraft(v2), target);
    expect(py).toContain('"https://api.example.com/api/v1/nanobanana/generate-2"');
    expect(py).toContain('"googleSearch": True');
    expect(py).toContain('task["data"]["response"]["resultImageUrl"]');
  });
});
