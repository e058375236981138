/**
 * The names of the files in a ZIP of result images. They come from task ids, which are the API's data: unchecked, a
 * `../` or an absolute path would write outside the folder an unzip tool extracts into (the "zip slip"), and two
 * equal names would leave one image overwriting another. So a name keeps only `[A-Za-z0-9_-]`, is capped, is never
 * empty nor a name Windows reserves, and a name already taken (in any letter case: Windows and macOS do not tell
 * them apart) is numbered: `name`, `name-2`, `name-3` ...
 */

/** The endings an entry may have: the image types a result can be, and `bin` for bytes of no known type. */
export const ZIP_EXTENSIONS = ['png', 'jpg', 'webp', 'gif', 'bin'] as const;
export type ZipExtension = (typeof ZIP_EXTENSIONS)[number];

/** A whole name's longest, ending included: far below any file system's 255, and still readable in a file list. */
export const MAX_ZIP_NAME_LENGTH = 100;
/** What a name that keeps no allowed character is called instead. */
const FALLBACK_NAME = 'image';
/** Names Windows keeps for devices, whatever the ending: `con.png` cannot be created there. */
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

function isZipExtension(value: string): value is ZipExtension {
  return (ZIP_EXTENSIONS as readonly string[]).includes(value);
}

/** A name reduced to `[A-Za-z0-9_-]`: each run of anything else is one `-`, none at either end. */
function cleanBase(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  if (cleaned === '') return FALLBACK_NAME;
  return WINDOWS_DEVICE_NAME.test(cleaned) ? `${cleaned}_` : cleaned;
}

/** `base` with its number (none for the first), cut so that the whole name with its ending fits the cap. */
function numbered(base: string, number: number, extension: ZipExtension): string {
  const suffix = number === 1 ? '' : `-${number}`;
  const room = MAX_ZIP_NAME_LENGTH - suffix.length - extension.length - 1;
  const cut = base.length > room ? base.slice(0, room).replace(/-+$/, '') || FALLBACK_NAME : base;
  return `${cut}${suffix}.${extension}`;
}

/**
 * Names the entries of one archive, one call each in order: the name cleaned, capped, and unique among those this
 * namer gave. An ending that is not one of ZIP_EXTENSIONS becomes `bin`.
 */
export function zipEntryNamer(): (name: string, extension: string) => string {
  const taken = new Set<string>();
  /** Where numbering a base with an ending goes on: many equal names are numbered without trying each number anew. */
  const next = new Map<string, number>();
  return (name, extension) => {
    const ending = isZipExtension(extension) ? extension : 'bin';
    const base = cleanBase(name);
    const key = `${base.toLowerCase()}.${ending}`;
    let number = next.get(key) ?? 1;
    let candidate = numbered(base, number, ending);
    while (taken.has(candidate.toLowerCase())) candidate = numbered(base, ++number, ending);
    next.set(key, number + 1);
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
