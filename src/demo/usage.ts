/**
 * Sample usage for the demo: realistic generation records over past days, so the dashboard's charts and
 * usage list have something to show without generating thousands of images by hand.
 */
import type { GenerationModel } from '../api/contract';
import { creditsPerImage } from '../domain/generationOptions';
import { debitCredits, type Account, type DbData, type UsageRecordRow } from './db';
import { resultImageUrl } from './generation/tasks';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SAMPLE_DAYS = 90;
export const MAX_RECORDS_PER_DAY = 40;
export const FAILURE_RATE = 0.04;

// The cheap model is used most, the dearest least.
const MODEL_WEIGHTS: ReadonlyArray<readonly [GenerationModel, number]> = [
  ['nano-banana', 0.6],
  ['nano-banana-2', 0.3],
  ['nano-banana-pro', 0.1],
];
// Most calls ask for one image.
const IMAGE_COUNT_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [1, 0.55],
  [2, 0.2],
  [3, 0.1],
  [4, 0.15],
];
const PROMPTS = [
  'A banana-shaped spaceship over a neon city at dusk',
  'Product shot of a ceramic mug on a marble table, soft light',
  'Watercolor fox reading a book under a maple tree',
  'Isometric pixel-art coffee shop, warm evening colors',
  'Replace the background with a snowy mountain range',
  'Portrait of an astronaut in a sunflower field, 35 mm film',
  'Minimal logo of a paper plane, flat vector, two colors',
  'Turn this sketch into a photorealistic living room',
  'Macro photo of dew drops on a spider web at sunrise',
  'Vintage travel poster of Lisbon trams',
];
const ERRORS = ['The prompt was refused by the content policy.', 'The input image could not be downloaded.', 'The generation timed out.'];
const ASPECT_RATIOS = ['1:1', '16:9', '9:16', '4:3'];

/** mulberry32: a tiny seeded generator, so the same seed gives the same records. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)] ?? items[0];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function weighted<T>(random: () => number, choices: ReadonlyArray<readonly [T, number]>): T {
  let roll = random();
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = choices[choices.length - 1];
  if (!last) throw new Error('weighted pick from an empty list');
  return last[0];
}

function hex(random: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += Math.floor(random() * 16).toString(16);
  return text;
}

/** Weekdays are busy (10–40 calls), weekends quiet (0–12). */
function callsOn(day: Date, random: () => number): number {
  const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
  return weekend ? Math.floor(random() * 13) : 10 + Math.floor(random() * (MAX_RECORDS_PER_DAY - 9));
}

/**
 * Usage records for the `days` whole UTC days before `now`'s day, oldest first, their images on the demo image host
 * at `imageOrigin`. Pure: the same account keys, days, seed and day of `now` give the same records.
 */
export function sampleUsage(account: Account, days = SAMPLE_DAYS, seed = 1, now = Date.now(), imageOrigin = 'http://localhost'): UsageRecordRow[] {
  const random = seededRandom(seed);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const keys = account.apiKeys;
  const records: UsageRecordRow[] = [];
  for (let back = days; back >= 1; back -= 1) {
    const dayStart = today - back * DAY_MS;
    const times = Array.from({ length: callsOn(new Date(dayStart), random) }, () => dayStart + Math.floor(random() * DAY_MS)).sort((a, b) => a - b);
    for (const time of times) {
      const model = weighted(random, MODEL_WEIGHTS);
      const counted = weighted(random, IMAGE_COUNT_WEIGHTS);
      // Only the first endpoint makes several images per task.
      const images = model === 'nano-banana' ? counted : 1;
      const credits = creditsPerImage(model, '1K') * images;
      const ratio = pick(random, ASPECT_RATIOS);
      const failed = random() < FAILURE_RATE;
      const key = pick(random, keys);
      const prompt = pick(random, PROMPTS);
      const taskId = hex(random, 32);
      records.push({
        id: hex(random, 16),
        taskId,
        createTime: new Date(time).toISOString(),
        model,
        apiKeyName: key.name,
        prompt,
        status: failed ? 3 : 1,
        credits,
        refundedCredits: failed ? credits : 0,
        // On the demo image host, which draws them from the request and, like the real host, keeps them 14 days.
        resultImageUrls: failed ? [] : Array.from({ length: images }, (_, index) => resultImageUrl(imageOrigin, taskId, index)),
        // Each endpoint's own field names, as the task API stores the request.
        paramJson: JSON.stringify(
          model === 'nano-banana'
            ? { prompt, type: 'TEXTTOIAMGE', numImages: images, image_size: ratio }
            : { prompt, imageUrls: [], aspectRatio: ratio, resolution: '1K' },
        ),
        errorMessage: failed ? pick(random, ERRORS) : null,
        accountId: account.id,
        apiKeyId: String(key.id),
      });
    }
  }
  return records;
}

/** Net credits the records used (failed ones are refunded). */
export function creditsUsed(records: readonly UsageRecordRow[]): number {
  return records.reduce((sum, record) => sum + record.credits - record.refundedCredits, 0);
}

export interface SampleUsageResult {
  records: number;
  creditsDebited: number;
}

/** Adds sample usage to the account and debits what it used (never below 0). The caller saves. */
export function addSampleUsage(
  data: DbData,
  account: Account,
  seed: number,
  days = SAMPLE_DAYS,
  now = Date.now(),
  imageOrigin = 'http://localhost',
): SampleUsageResult {
  const records = sampleUsage(account, days, seed, now, imageOrigin);
  data.usageRecords.push(...records);
  const creditsDebited = debitCredits(data, account, creditsUsed(records), `Sample usage (${days} days)`, now);
  return { records: records.length, creditsDebited };
}
