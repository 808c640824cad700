import type { ImportKind } from '../../common/api/imports';
import type { TestContext } from './harness';
import { bearer } from './harness';

/** A multipart/form-data body as a browser sends it: one file and text fields. */
export function multipart(fileName: string, content: string | Buffer, fields: Record<string, string> = {}) {
  const boundary = `----fat${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body of text fields only, as the confirmation of a preview sends it. */
export function fieldsOnly(fields: Record<string, string>) {
  const boundary = `----fat${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type UploadKind = ImportKind;

/** Uploads a file through the API as the given token's user. */
export async function upload(
  t: TestContext,
  token: string,
  kind: UploadKind,
  fileName: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
) {
  const body = multipart(fileName, content, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/import/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

/** Imports the file a preview kept: the upload call with `preview_id` and no file. */
export async function confirmPreview(
  t: TestContext,
  token: string,
  kind: UploadKind,
  fields: Record<string, string>,
) {
  const body = fieldsOnly(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/import/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}
