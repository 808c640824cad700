/**
 * A backup file's container (docs/behaviour.md section 21, docs/security.md "Backups"):
 *
 *   "FATBKP01" | header length (4 bytes) | header (JSON, in the clear) |
 *   AES-256-GCM of the gzipped content (the header as its additional data) | tag (16 bytes) |
 *   "FATEND01" | SHA-256 of everything before it (32 bytes)
 *
 * The header says only what is needed to open the file and to refuse it early (the format, the
 * product's schema level, the moment, which key): nothing of the practice's data. The checksum at
 * the end tells a damaged or cut file from one the key cannot open, before anything is decrypted;
 * the cipher's tag then proves the content is the one written under this key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const MAGIC = Buffer.from('FATBKP01');
const TRAILER = Buffer.from('FATEND01');
const TAG_BYTES = 16;
const SUM_BYTES = 32;
const TAIL_BYTES = TAG_BYTES + TRAILER.length + SUM_BYTES;
export const BACKUP_FORMAT = 1;

export interface BackupHeader {
  format: number;
  /** The product's version that wrote it (package.json). */
  app_version: string;
  /** How many of the product's migrations its database had: a restore brings it up from there. */
  migrations: number;
  /** The snapshot's moment (ISO 8601). */
  created_at: string;
  /** Which key sealed it: a fingerprint, never the key. */
  key_id: string;
  iv: string;
}

/** Why a file cannot be read, in one line each (the restore command prints it as it is). */
export class BackupFileError extends Error {
  constructor(
    readonly reason: 'not_backup' | 'damaged' | 'wrong_key' | 'newer' | 'incomplete',
    message: string,
  ) {
    super(message);
  }
}

/** The fingerprint of a key written in each header, so a wrong key is named as such at once. */
export const keyId = (key: Buffer) =>
  createHash('sha256').update('full-arch-backup-key:').update(key).digest('hex').slice(0, 16);

/**
 * Writes `content` to `path` (a new file; the caller renames it into place once whole) and makes
 * sure it is on disk. Returns the file's size.
 */
export async function writeBackupFile(
  path: string,
  key: Buffer,
  header: Omit<BackupHeader, 'format' | 'key_id' | 'iv'>,
  content: AsyncIterable<Uint8Array>,
): Promise<number> {
  const iv = randomBytes(12);
  const full: BackupHeader = {
    format: BACKUP_FORMAT,
    ...header,
    key_id: keyId(key),
    iv: iv.toString('base64'),
  };
  const headerBytes = Buffer.from(JSON.stringify(full));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const sum = createHash('sha256');
  const file: FileHandle = await open(path, 'wx', 0o600);
  let size = 0;
  const write = async (bytes: Uint8Array) => {
    sum.update(bytes);
    size += bytes.byteLength;
    await file.write(bytes);
  };
  try {
    await write(Buffer.concat([MAGIC, length, headerBytes]));
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.concat([MAGIC, length, headerBytes]));
    // Level 1: most of the saving for a small part of the time (docs/performance.md, backups).
    // A failed write (a full disk) ends the pipeline with an abort of its own: the write's error is
    // the one that says why.
    let writeFailure: unknown = null;
    try {
      await pipeline(Readable.from(content), createGzip({ level: 1 }), cipher, async (encrypted) => {
        for await (const chunk of encrypted)
          await write(chunk as Buffer).catch((err: unknown) => {
            writeFailure = err;
            throw err;
          });
      });
    } catch (err) {
      throw writeFailure ?? err;
    }
    await write(cipher.getAuthTag());
    await write(TRAILER);
    const digest = sum.digest();
    await file.write(digest);
    size += digest.length;
    await file.sync();
  } finally {
    await file.close();
  }
  return size;
}

export interface OpenedBackup {
  header: BackupHeader;
  /** Where the encrypted content begins and ends (exclusive), and the file's tag. */
  start: number;
  end: number;
  tag: Buffer;
  aad: Buffer;
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Reads a file's header and checks its checksum (the whole file is read once). Throws
 * BackupFileError when it is not a backup or is damaged or cut short.
 */
export async function openBackupFile(path: string): Promise<OpenedBackup> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const start = await readAt(file, 0, MAGIC.length + 4);
    if (start.length < MAGIC.length + 4 || !start.subarray(0, MAGIC.length).equals(MAGIC))
      throw new BackupFileError('not_backup', `${path} is not a Full Arch Tracker backup`);
    const headerLength = start.readUInt32BE(MAGIC.length);
    const contentStart = MAGIC.length + 4 + headerLength;
    if (size < contentStart + TAIL_BYTES)
      throw new BackupFileError('damaged', `${path} is damaged: it is cut short (${size} bytes)`);
    const tail = await readAt(file, size - TAIL_BYTES, TAIL_BYTES);
    const trailer = tail.subarray(TAG_BYTES, TAG_BYTES + TRAILER.length);
    if (!trailer.equals(TRAILER))
      throw new BackupFileError('damaged', `${path} is damaged: it is cut short or its end was changed`);
    const sum = createHash('sha256');
    await pipeline(createReadStream(path, { start: 0, end: size - SUM_BYTES - 1 }), async (bytes) => {
      for await (const chunk of bytes) sum.update(chunk as Buffer);
    });
    if (!sum.digest().equals(tail.subarray(TAG_BYTES + TRAILER.length)))
      throw new BackupFileError('damaged', `${path} is damaged: its checksum does not match its content`);
    const headerBytes = await readAt(file, MAGIC.length + 4, headerLength);
    let header: BackupHeader;
    try {
      header = JSON.parse(headerBytes.toString('utf8'));
    } catch {
      throw new BackupFileError('damaged', `${path} is damaged: its header cannot be read`);
    }
    if (header.format !== BACKUP_FORMAT)
      throw new BackupFileError(
        'newer',
        `${path} was written in backup format ${header.format}, which this version of Full Arch Tracker cannot read: update it first`,
      );
    return {
      header,
      start: contentStart,
      end: size - TAIL_BYTES,
      tag: tail.subarray(0, TAG_BYTES),
      aad: Buffer.concat([start, headerBytes]),
    };
  } finally {
    await file.close();
  }
}

/** Refuses at once a key that did not seal the backup. */
export function checkKey(path: string, opened: OpenedBackup, key: Buffer): void {
  if (opened.header.key_id !== keyId(key))
    throw new BackupFileError(
      'wrong_key',
      `${path} was sealed with another key: set BACKUP_KEY to the key it was made with (or put that backup.key in the data folder)`,
    );
}

/**
 * The content of an opened backup, decrypted and unpacked as it is read. Refuses at once a key
 * that did not seal it; the cipher's check of the whole comes at the end, as an error from the
 * last read: a caller must take nothing as good before the iteration has ended.
 */
export function readBackupContent(path: string, opened: OpenedBackup, key: Buffer): AsyncIterable<Buffer> {
  checkKey(path, opened, key);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(opened.header.iv, 'base64'));
  decipher.setAAD(opened.aad);
  decipher.setAuthTag(opened.tag);
  const source = createReadStream(path, { start: opened.start, end: opened.end - 1 });
  const gunzip = createGunzip();
  // Errors of each stage reach the reader: a failed check of the tag is the decipher's.
  source.on('error', (err) => gunzip.destroy(err));
  decipher.on('error', () => gunzip.destroy(wrongContent(path)));
  source.pipe(decipher).pipe(gunzip);
  return gunzip;
}

const wrongContent = (path: string) =>
  new BackupFileError('wrong_key', `${path} cannot be opened with this key, or its content was changed`);
