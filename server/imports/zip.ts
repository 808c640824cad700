/**
 * Just enough of the zip format to read a workbook's parts safely. The central directory is read
 * first, so a zip bomb is refused from its declared sizes before anything is inflated, and every
 * part is then inflated under a cap of its declared size, so a zip that lies about its sizes
 * fails too. Parts are read straight from their offsets: no temporary files, any order.
 */

import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { unreadable } from './errors';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  filePath: string;
  fileSize: number;
  /** By lower-cased name: zip names are case-sensitive, but writers disagree on case. */
  entries: Map<string, ZipEntry>;
  /** Every entry, duplicates included. */
  all: ZipEntry[];
}

const MIB = 1024 * 1024;
/** What a workbook may inflate to. A 100 MB upload of sheet XML is about 1 GB inflated. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxDirectoryBytes: 64 * MIB,
  maxEntryBytes: 1024 * MIB,
  maxTotalBytes: 2048 * MIB,
  // Sheet XML deflates 5-50x, very repetitive sheets up to ~150x; bombs approach 1,000x.
  maxRatio: 200,
  ratioFloorBytes: 10 * MIB,
};

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw unreadable();
  return buffer;
}

interface DirectoryLocation {
  count: number;
  size: number;
  offset: number;
}

async function locateDirectory(handle: FileHandle, fileSize: number): Promise<DirectoryLocation> {
  const tailSize = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT);
  const tail = await readAt(handle, fileSize - tailSize, tailSize);
  let at = -1;
  // Searched from the end; bytes after the comment are tolerated, as unzip tools do.
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE && i + EOCD_SIZE + tail.readUInt16LE(i + 20) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unreadable();
  const location = {
    count: tail.readUInt16LE(at + 10),
    size: tail.readUInt32LE(at + 12),
    offset: tail.readUInt32LE(at + 16),
  };
  const zip64 = location.count === 0xffff || location.size === 0xffffffff || location.offset === 0xffffffff;
  if (!zip64) return location;
  const eocdPosition = fileSize - tailSize + at;
  if (eocdPosition < 20) throw unreadable();
  const locator = await readAt(handle, eocdPosition - 20, 20);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) throw unreadable();
  const record = await readAt(handle, Number(locator.readBigUInt64LE(8)), 56);
  if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw unreadable();
  return {
    count: Number(record.readBigUInt64LE(32)),
    size: Number(record.readBigUInt64LE(40)),
    offset: Number(record.readBigUInt64LE(48)),
  };
}

/** Sizes and offset from the zip64 extra field, for the ones the header marks as 0xFFFFFFFF. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let pos = 0; pos + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(pos);
    const size = extra.readUInt16LE(pos + 2);
    if (id === 0x0001) {
      let field = pos + 4;
      const next = (): number => {
        if (field + 8 > pos + 4 + size) throw unreadable();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    pos += 4 + size;
  }
}

function parseDirectory(cd: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let pos = 0;
  for (let n = 0; n < count; n++) {
    if (pos + 46 > cd.length || cd.readUInt32LE(pos) !== CENTRAL_SIGNATURE) throw unreadable();
    const nameLength = cd.readUInt16LE(pos + 28);
    const extraLength = cd.readUInt16LE(pos + 30);
    const commentLength = cd.readUInt16LE(pos + 32);
    const end = pos + 46 + nameLength + extraLength + commentLength;
    if (end > cd.length) throw unreadable();
    const entry: ZipEntry = {
      name: cd.toString('utf8', pos + 46, pos + 46 + nameLength).replaceAll('\\', '/'),
      flags: cd.readUInt16LE(pos + 8),
      method: cd.readUInt16LE(pos + 10),
      compressedSize: cd.readUInt32LE(pos + 20),
      uncompressedSize: cd.readUInt32LE(pos + 24),
      localHeaderOffset: cd.readUInt32LE(pos + 42),
    };
    applyZip64Extra(entry, cd.subarray(pos + 46 + nameLength, pos + 46 + nameLength + extraLength));
    entries.push(entry);
    pos = end;
  }
  return entries;
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
  const handle = await open(filePath, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const location = await locateDirectory(handle, fileSize);
    const { count, size, offset } = location;
    if (count > ZIP_LIMITS.maxEntries || size > ZIP_LIMITS.maxDirectoryBytes || offset + size > fileSize) {
      throw unreadable();
    }
    const entries = parseDirectory(await readAt(handle, offset, size), count);
    checkSizes(entries);
    const byName = new Map<string, ZipEntry>();
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      if (!byName.has(key)) byName.set(key, entry);
    }
    return { filePath, fileSize, entries: byName, all: entries };
  } finally {
    await handle.close();
  }
}

/** Passes bytes on until there are more than the entry declared: then the zip lied. */
function capAt(declared: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > declared ? unreadable() : null, chunk);
    },
    flush(callback) {
      callback(seen === declared ? null : unreadable());
    },
  });
}

/** An entry's content as a stream of UTF-8 text (workbook parts are XML). */
export async function openZipText(zip: ZipDirectory, entry: ZipEntry): Promise<Readable> {
  const encrypted = (entry.flags & 1) !== 0;
  const stored = entry.method === 0;
  if (
    encrypted ||
    (!stored && entry.method !== 8) ||
    (stored && entry.compressedSize !== entry.uncompressedSize)
  ) {
    throw unreadable();
  }
  const handle = await open(zip.filePath, 'r');
  let local: Buffer;
  try {
    local = await readAt(handle, entry.localHeaderOffset, 30);
  } finally {
    await handle.close();
  }
  if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw unreadable();
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > zip.fileSize) throw unreadable();
  const source =
    entry.compressedSize === 0
      ? Readable.from([])
      : createReadStream(zip.filePath, {
          start,
          end: start + entry.compressedSize - 1,
          highWaterMark: 256 * 1024,
        });
  const cap = capAt(entry.uncompressedSize);
  // Errors reach the consumer through `cap`, which pipeline destroys with them.
  const done = (): void => {};
  if (stored) pipeline(source, cap, done);
  else pipeline(source, createInflateRaw(), cap, done);
  // Decoding here, not in ExcelJS, keeps a character split between two chunks whole.
  cap.setEncoding('utf8');
  return cap;
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
