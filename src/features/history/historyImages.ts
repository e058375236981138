import type { UsageRecord } from '../../api/contract';
import { safeHref } from '../../services/urls';

/** One image of a task, as the gallery and the lightbox walk them: every image of every task on the page, in order. */
export interface HistoryImage {
  record: UsageRecord;
  url: string;
  /** 0-based, within its task. */
  index: number;
}

/** Where the lightbox stands: a task and one of its images (a position survives nothing else changing). */
export interface ImagePosition {
  taskId: string;
  index: number;
}

/** The page's images, only those with a web address (the contract has already dropped any other). */
export function imagesOf(records: readonly UsageRecord[]): HistoryImage[] {
  return records.flatMap((record) =>
    record.resultImageUrls.flatMap((url, index) => {
      const href = safeHref(url);
      return href ? [{ record, url: href, index }] : [];
    }),
  );
}

/** The files a ZIP of these tasks holds: every image, named by task and number (the ending comes from the bytes). */
export function zipItemsOf(records: readonly UsageRecord[]): Array<{ url: string; name: string }> {
  return records.flatMap((record) => record.resultImageUrls.map((url, index) => ({ url, name: `${record.taskId}-${index + 1}` })));
}
