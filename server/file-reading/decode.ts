/**
 * Text encodings of delimited files: UTF-16 (either byte order) when it starts with its byte-order
 * mark, as Excel's "Unicode Text" saves it; else UTF-8 (with or without BOM), else Windows-1252,
 * the code page practice-management exports on Windows use. Node's TextDecoder treats `windows-1252` as Latin-1
 * (0x80 comes out as U+0080, not the euro sign), so that code page is mapped here by table.
 */

import { createReadStream } from 'node:fs';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

// Windows-1252 bytes 0x80-0x9F; the five unassigned bytes keep their C1 code point as WHATWG does.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]);
}

export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** The UTF-16 byte order a byte-order mark at the start declares, or null. */
export function utf16Bom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Decodes a file chunk by chunk; UTF-8 sequences split between chunks are carried over. */
export interface ChunkDecoder {
  write(chunk: Uint8Array): string;
  end(): string;
}

export function createChunkDecoder(encoding: TextEncoding): ChunkDecoder {
  if (encoding === 'windows-1252') {
    // One byte is one character, so chunks need no carrying.
    return { write: decodeWindows1252, end: () => '' };
  }
  // The BOM, if any, is dropped by the decoder; a code unit or sequence split between chunks waits.
  const decoder = new TextDecoder(encoding);
  return {
    write: (chunk) => decoder.decode(chunk, { stream: true }),
    end: () => decoder.decode(),
  };
}

/** UTF-8 when every byte of the file is valid UTF-8 (or it declares itself with a BOM). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which encoding the file is in. The whole file is checked, streaming, because a single é near the
 * end decides it, and the answer must be known before the first row is handed on.
 */
export async function detectFileEncoding(filePath: string, head: Uint8Array): Promise<TextEncoding> {
  const utf16 = utf16Bom(head);
  if (utf16) return utf16;
  if (hasUtf8Bom(head)) return 'utf-8';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stream = createReadStream(filePath, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch (error) {
    if (error instanceof TypeError) return 'windows-1252';
    throw error;
  } finally {
    stream.destroy();
  }
}

/** A whole small file's text, in the encoding it is detected to have. */
export function decodeWhole(bytes: Uint8Array): string {
  const utf16 = utf16Bom(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  return isValidUtf8(bytes) ? new TextDecoder('utf-8').decode(bytes) : decodeWindows1252(bytes);
}
