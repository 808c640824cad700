// The few API calls the bench makes: sign in, import a file (multipart, streamed from disk) and
// plain JSON requests. node:http rather than fetch, whose 300 s header timeout a large import on
// a slow machine could pass.

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import { basename } from 'node:path';
import type { ImportKind } from '../../common/api/imports';

export interface ApiResponse {
  status: number;
  body: unknown;
}

function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  write: (req: ReturnType<typeof request>) => Promise<void>,
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: kept as text.
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    write(req).catch(reject);
  });
}

export async function callJson(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<ApiResponse> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return send(`${base}${path}`, method, headers, async (req) => {
    req.end(payload);
  });
}

export async function signIn(base: string, password: string): Promise<string> {
  const res = await callJson(base, 'POST', '/api/auth/login', undefined, { username: 'admin', password });
  const token = (res.body as { token?: string }).token;
  if (res.status !== 200 || !token)
    throw new Error(`Sign-in failed (${res.status}): ${JSON.stringify(res.body)}`);
  return token;
}

export interface ImportResult {
  seconds: number;
  recordsImported: number;
  rowsSkipped: number;
}

/** Uploads a file to /api/import/<kind> as the web app does, and times it until the answer. */
export async function importFile(
  base: string,
  token: string,
  kind: ImportKind,
  path: string,
  replace: boolean,
): Promise<ImportResult> {
  const boundary = `----bench${randomUUID()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="replace"\r\n\r\n${replace}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(path)}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  const size = (await stat(path)).size;
  const started = performance.now();
  const res = await send(
    `${base}/api/import/${kind}`,
    'POST',
    {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
    },
    async (req) => {
      req.write(head);
      for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
        if (!req.write(chunk)) await once(req, 'drain');
      }
      req.end(tail);
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const body = res.body as { records_imported?: number; rows_skipped?: number };
  if (res.status !== 200)
    throw new Error(`Import of ${path} failed (${res.status}): ${JSON.stringify(res.body).slice(0, 500)}`);
  return { seconds, recordsImported: body.records_imported ?? 0, rowsSkipped: body.rows_skipped ?? 0 };
}
