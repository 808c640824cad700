/**
 * What a file holds, decided by its first bytes rather than its name: systems save HTML or tab
 * text as `.xls`, and users rename files.
 */

import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { hasUtf8Bom, utf16Bom } from './decode';

/**
 * `xlsx`: a zip (OOXML workbook). `cfb`: an OLE compound file, a legacy `.xls` or a
 * password-protected OOXML. `biff`: a bare Excel 2-4 worksheet stream (still written by some
 * report tools). `markup`: HTML or Excel 2003 XML saved as `.xls`. `text`: delimited text.
 * `unknown`: anything else (PDF, images, binary garbage).
 */
export type FileFormat = 'xlsx' | 'cfb' | 'biff' | 'markup' | 'text' | 'unknown';

export const SNIFF_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
// A BOF record: 0x09 then the BIFF version's high byte (2, 3, 4 or a bare 5/8 stream).
const BIFF_VERSIONS = [0x00, 0x02, 0x04, 0x08];
// A text file may hold the odd stray control character; binary data holds many.
const MAX_CONTROL_SHARE = 0.01;

const EXTENSIONS = new Set(['.csv', '.xlsx', '.xls']);

export function hasAllowedExtension(fileName: string): boolean {
  return EXTENSIONS.has(extname(fileName).toLowerCase());
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

function looksLikeText(bytes: Uint8Array): boolean {
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    // Tab, LF, FF and CR are text; so is 0x1a, the end-of-file mark of old DOS exports.
    if (
      (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 0x1a) ||
      byte === 0x7f
    ) {
      controls++;
    }
  }
  return controls <= bytes.length * MAX_CONTROL_SHARE;
}

/** The start of a file as text: UTF-16 by its byte-order mark, else byte by byte. */
function headText(bytes: Uint8Array): string {
  const utf16 = utf16Bom(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes.subarray(0, 8192));
  return Buffer.from(bytes.subarray(hasUtf8Bom(bytes) ? 3 : 0, 4096)).toString('latin1');
}

function looksLikeMarkup(bytes: Uint8Array): boolean {
  const text = headText(bytes).trimStart().toLowerCase();
  if (!text.startsWith('<')) return false;
  return (
    text.includes('<table') ||
    text.includes('<html') ||
    (text.startsWith('<?xml') && text.includes('urn:schemas-microsoft-com:office:spreadsheet'))
  );
}

export function sniffFormat(head: Uint8Array): FileFormat {
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, CFB)) return 'cfb';
  if (head[0] === 0x09 && BIFF_VERSIONS.includes(head[1]) && head[3] === 0x00) return 'biff';
  if (startsWith(head, PDF)) return 'unknown';
  // UTF-16 text is half zero bytes: judged by its characters, not its bytes.
  if (utf16Bom(head)) return looksLikeMarkup(head) ? 'markup' : 'text';
  if (!looksLikeText(head)) return 'unknown';
  return looksLikeMarkup(head) ? 'markup' : 'text';
}

/** The first bytes of a file (all of it when it is small). */
export async function readHead(filePath: string, size = SNIFF_BYTES): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
