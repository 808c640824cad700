import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { newUploadPath } from './upload-dir';

export const NOT_MULTIPART = 'Send the file as multipart/form-data in a field named file';
export const INCOMPLETE_UPLOAD = 'The upload arrived incomplete; please try again';

/**
 * What went wrong while the body was read: the system's own failures (a full disk) are faults and
 * pass; anything the multipart parser says is about the body it was sent, a 400.
 */
function bodyError(err: unknown): unknown {
  if (err instanceof HttpError || (err instanceof Error && 'syscall' in err)) return err;
  const message = err instanceof Error ? err.message : '';
  return /boundary/i.test(message)
    ? new HttpError(400, NOT_MULTIPART, { code: 'not_multipart' })
    : new HttpError(400, INCOMPLETE_UPLOAD, { code: 'upload_incomplete' });
}

export interface ReceivedUpload {
  /** Null when the body had no file (a preview's confirmation sends none). */
  file: { path: string; fileName: string } | null;
  fields: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * Streams the multipart file to a file in the uploads folder (see upload-dir.ts) (never whole into memory) and collects the
 * text fields, whichever order they come in. Refuses files over the limit with 413.
 */
export async function receiveUpload(
  req: FastifyRequest,
  maxBytes: number,
  dir: string,
): Promise<ReceivedUpload> {
  const limitMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const tooLarge = () =>
    new HttpError(413, `The file is larger than the ${limitMb} MB upload limit`, { code: 'file_too_large' });
  if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) throw tooLarge();
  if (!req.isMultipart()) throw new HttpError(400, NOT_MULTIPART, { code: 'not_multipart' });

  const fields: Record<string, string> = {};
  let path: string | null = null;
  let fileName = '';
  const remove = async () => {
    if (path) await rm(path, { force: true });
  };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (path === null && part.fieldname === 'file') {
        path = newUploadPath(dir);
        fileName = part.filename;
        await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    await remove();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new HttpError(400, 'Upload one file at a time');
    throw bodyError(err);
  }
  return { file: path === null ? null : { path, fileName }, fields, remove };
}
