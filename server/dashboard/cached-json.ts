import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves. */
const MIN_GZIP_CHARS = 1024;

/** A response body made once per data version: its JSON text, and that text gzipped on first need. */
export interface CachedJson {
  text: string;
  gzipped(): Promise<Buffer>;
}

export function cachedJson(text: string): CachedJson {
  let zipped: Promise<Buffer> | undefined;
  return {
    text,
    gzipped() {
      zipped ??= gzipAsync(text);
      return zipped;
    },
  };
}

/** True when the request's Accept-Encoding allows gzip (and does not turn it off with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a body the snapshot already checked against the route's response schema. Detail lists run
 * to hundreds of KB for a large group, and browsers always accept gzip: kept compressed, such a
 * list costs the server a copy, not a serialization and a compression per request.
 */
export async function sendJson(req: FastifyRequest, reply: FastifyReply, body: CachedJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (body.text.length >= MIN_GZIP_CHARS && acceptsGzip(req.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(await body.gzipped());
  }
  return reply.send(body.text);
}
