import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAFT,
  draftCost,
  draftFromParamJson,
  draftFromSearch,
  playgroundHref,
  requestFromDraft,
  searchFromDraft,
  validateDraft,
  type GenerationDraft,
} from '../../../src/features/playground/draft';
import { curlGenerate, curlTaskStatus, javascriptGenerate, shellQuote } from '../../../src/features/playground/snippets';

const draft: GenerationDraft = {
  prompt: 'A fox & a "hen" at 50% — 日本',
  model: 'flux-kontext-pro',
  aspectRatio: '16:9',
  outputFormat: 'webp',
  numImages: 3,
  seed: '42',
  referenceUrls: ['https://img.example/a.png'],
};

describe('the playground form in the address', () => {
  it('round-trips every field, with only what differs from the defaults', () => {
    expect(draftFromSearch(searchFromDraft(draft))).toEqual(draft);
    expect(searchFromDraft(DEFAULT_DRAFT)).toBe('');
    expect(playgroundHref({ ...DEFAULT_DRAFT, prompt: 'hi' })).toBe('/playground/flux?prompt=hi');
  });

  it('falls back to the defaults for anything unknown, and keeps a wrong seed to be named', () => {
    expect(draftFromSearch('?model=gpt&ratio=2:1&format=gif&n=9&seed=abc')).toEqual({ ...DEFAULT_DRAFT, seed: 'abc' });
    expect(draftFromSearch('?n=0').numImages).toBe(1);
    expect(draftFromSearch('?ref=a&ref=b&ref=c&ref=d&ref=e').referenceUrls).toEqual(['a', 'b', 'c', 'd']);
  });

  it('restores a past task from its paramJson, and refuses what is not a request', () => {
    const request = requestFromDraft(draft);
    expect(draftFromParamJson(JSON.stringify(request))).toEqual(draft);
    expect(draftFromParamJson(JSON.stringify({ ...request, seed: undefined }))).toEqual({ ...draft, seed: '' });
    expect(draftFromParamJson('not json')).toBeNull();
    expect(draftFromParamJson('{"model":"nano-banana"}')).toBeNull();
  });
});

describe('the request a form makes', () => {
  it('is image-to-image with reference URLs, text-to-image without, and leaves out an empty seed', () => {
    expect(requestFromDraft(draft)).toEqual({
      prompt: draft.prompt,
      type: 'IMAGETOIAMGE',
      model: 'flux-kontext-pro',
      numImages: 3,
      imageUrls: ['https://img.example/a.png'],
      aspectRatio: '16:9',
      seed: 42,
      outputFormat: 'webp',
    });
    const textOnly = requestFromDraft({ ...draft, prompt: '  trimmed  ', seed: ' ', referenceUrls: ['', '  '] });
    expect(textOnly).toEqual({ prompt: 'trimmed', type: 'TEXTTOIAMGE', model: 'flux-kontext-pro', numImages: 3, aspectRatio: '16:9', outputFormat: 'webp' });
  });

  it('costs the model’s price per image times the images', () => {
    expect(draftCost({ ...draft, model: 'nano-banana', numImages: 1 })).toBe(2);
    expect(draftCost(draft)).toBe(12);
    expect(draftCost({ ...draft, model: 'flux-kontext-max', numImages: 4 })).toBe(32);
  });
});

describe('form rules', () => {
  it('accepts a good form', () => {
    expect(validateDraft(draft)).toEqual({});
  });

  it('names each wrong field with its problem', () => {
    expect(validateDraft({ ...draft, prompt: '   ' })).toEqual({ prompt: 'required' });
    expect(validateDraft({ ...draft, prompt: 'x'.repeat(5001) })).toEqual({ prompt: 'tooLong' });
    expect(validateDraft({ ...draft, seed: '4.2' })).toEqual({ seed: 'notWholeNumber' });
    expect(validateDraft({ ...draft, seed: '-1' })).toEqual({ seed: 'notWholeNumber' });
    expect(validateDraft({ ...draft, seed: '2147483648' })).toEqual({ seed: 'outOfRange' });
    expect(validateDraft({ ...draft, numImages: 5 })).toEqual({ numImages: 'outOfRange' });
    expect(validateDraft({ ...draft, referenceUrls: ['ftp://x', 'https://ok.example/a.png', 'nope'] })).toEqual({
      'referenceUrls.0': 'notUrl',
      'referenceUrls.2': 'notUrl',
      referenceUrls: 'tooMany',
    });
    // Flux Kontext edits one image; Nano Banana takes four.
    expect(validateDraft({ ...draft, model: 'nano-banana', referenceUrls: ['https://a.example/1', 'https://a.example/2'] })).toEqual({});
  });
});

describe('the request as code', () => {
  const target = { baseUrl: 'https://api.example.com/', apiKey: "nb_k'ey" };

  it('quotes anything for a POSIX shell', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME `x`')).toBe(`'$HOME \`x\`'`);
  });

  it('curl carries the key and the exact request body', () => {
    const command = curlGenerate(requestFromDraft(draft), target);
    expect(command).toContain(`curl -X POST 'https://api.example.com/api/v1/nanobanana/generate'`);
    expect(command).toContain(`-H 'Authorization: Bearer nb_k'\\''ey'`);
    const body = /-d '([\s\S]*)'$/.exec(command)?.[1]?.replace(/'\\''/g, "'");
    expect(JSON.parse(body ?? '')).toEqual(requestFromDraft(draft));
    expect(curlTaskStatus('task 1', target)).toContain(`'https://api.example.com/api/v1/nanobanana/record-info?taskId=task%201'`);
  });

  it('JavaScript creates the task and polls it with back-off', () => {
    const code = javascriptGenerate(requestFromDraft(draft), target);
    expect(code).toContain('const API_KEY = "nb_k\'ey";');
    expect(code).toContain('"https://api.example.com/api/v1/nanobanana/generate"');
    expect(code).toContain('delay = Math.min(delay * 1.5, 10000)');
    expect(code).toContain('"prompt": "A fox & a \\"hen\\" at 50% — 日本"');
  });
});
