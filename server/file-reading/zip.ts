/**
 * A workbook's parts, read with yauzl, under limits of our own. The central directory is read
 * first, so a zip bomb is refused from its declared sizes before anything is inflated, and every
 * part is inflated with its declared size enforced, so a zip that lies about its sizes fails too.
 * Parts are read straight from their offsets: no temporary files, any order. Every failure of the
 * zip itself is 422 `The file could not be read`.
 */

import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ImportFileError, unreadable } from './errors';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  /** yauzl's record of the entry, to open it by. */
  source: yauzl.Entry;
}

export interface ZipDirectory {
  filePath: string;
  /** By lower-cased name: zip names are case-sensitive, but writers disagree on case. */
  entries: Map<string, ZipEntry>;
  /** Every entry, duplicates included. */
  all: ZipEntry[];
}

const MIB = 1024 * 1024;
/**
 * What a workbook may inflate to at most, whatever MAX_IMPORT_INFLATED_MB allows. A 100 MB upload
 * of sheet XML is about 1 GB inflated; three million report rows in one sheet, 1.2 GB.
 */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxEntryBytes: 2048 * MIB,
  maxTotalBytes: 2048 * MIB,
  // Sheet XML deflates 5-50x, very repetitive sheets up to ~150x; bombs approach 1,000x.
  maxRatio: 200,
  ratioFloorBytes: 10 * MIB,
};

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      filePath,
      // Entries one at a time, sizes checked while inflating, `\` in names read as `/`.
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err ? reject(unreadable()) : resolve(zip)),
    );
  });
}

/** Refuses archives that would inflate beyond what any real workbook needs. */
function checkSizes(entries: readonly ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    const { uncompressedSize: size, compressedSize: packed } = entry;
    total += size;
    const tooDense = size > ZIP_LIMITS.ratioFloorBytes && size > packed * ZIP_LIMITS.maxRatio;
    if (size > ZIP_LIMITS.maxEntryBytes || tooDense) throw unreadable();
  }
  if (total > ZIP_LIMITS.maxTotalBytes) throw unreadable();
}

export async function readZipDirectory(filePath: string): Promise<ZipDirectory> {
  const zip = await openZip(filePath);
  const all: ZipEntry[] = [];
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) throw unreadable();
    for await (const entry of zip.eachEntry()) {
      all.push({
        name: entry.fileName,
        method: entry.compressionMethod,
        flags: entry.generalPurposeBitFlag,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        source: entry,
      });
    }
  } catch (err) {
    throw err instanceof ImportFileError ? err : unreadable();
  } finally {
    zip.close();
  }
  checkSizes(all);
  const entries = new Map<string, ZipEntry>();
  for (const entry of all) {
    const key = entry.name.toLowerCase();
    if (!entries.has(key)) entries.set(key, entry);
  }
  return { filePath, entries, all };
}

/** An entry's content as a stream of UTF-8 text (workbook parts are XML). */
export async function openZipText(zip: ZipDirectory, entry: ZipEntry): Promise<Readable> {
  const encrypted = (entry.flags & 1) !== 0;
  if (encrypted || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
  const file = await openZip(zip.filePath);
  let closed = false;
  const close = () => {
    if (!closed) file.close();
    closed = true;
  };
  let source: Readable;
  try {
    source = await file.openReadStreamPromise(entry.source);
  } catch {
    close();
    throw unreadable();
  }
  const text = new PassThrough();
  // A zip that turns out broken, or longer or shorter than it declared, fails as unreadable.
  source.on('error', () => text.destroy(unreadable()));
  source.on('end', close);
  text.on('close', () => {
    source.destroy();
    close();
  });
  source.pipe(text);
  // Decoding here keeps a character split between two chunks whole.
  text.setEncoding('utf8');
  return text;
}

/** What every entry declares it inflates to. */
export function totalUncompressed(zip: ZipDirectory): number {
  return zip.all.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
}

/**
 * Inflates every entry under its cap and throws if one lies about its size: needed before a
 * reader that inflates by itself, without limits, is given the file.
 */
export async function checkZipContents(zip: ZipDirectory): Promise<void> {
  for (const entry of zip.all) {
    for await (const _ of await openZipText(zip, entry)) {
      // Only the byte count matters.
    }
  }
}
