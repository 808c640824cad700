import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const NUL_REFUSED = 'Text may not contain NUL characters';
export const BAD_UTF8 = 'The request body is not valid UTF-8 text';
export const PROTO_REFUSED = 'The request body may not use the keys __proto__ or constructor.prototype';

/** True when any string in the value (keys included) holds a NUL, which PostgreSQL text cannot store. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

function parseJson(text: string): unknown {
  let forbidden = false;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v) => {
      // JSON.parse makes these own properties, harmless here, but a later spread or merge could
      // turn them into a prototype change; they are never part of this API.
      if (key === '__proto__' || (key === 'constructor' && v && typeof v === 'object' && 'prototype' in v))
        forbidden = true;
      return v;
    });
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON', { code: 'invalid_json' });
  }
  if (forbidden) throw new HttpError(400, PROTO_REFUSED);
  return value;
}

/**
 * Request text is checked before any route sees it: a JSON body gets precise messages for what
 * it may not hold, and a NUL anywhere in the path parameters, query or body is 400 (PostgreSQL
 * would refuse it with a fault).
 */
export function installRequestTextChecks(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  // Read as bytes and decoded strictly: a lenient decode would store U+FFFD for the bad bytes.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      let text: string;
      try {
        text = utf8.decode(body as Buffer);
      } catch {
        throw new HttpError(400, BAD_UTF8, { code: 'invalid_text' });
      }
      if (text === '') throw new HttpError(400, 'The request body is empty', { code: 'invalid_json' });
      done(null, parseJson(text));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body))
      throw new HttpError(400, NUL_REFUSED, { code: 'invalid_text' });
  });
}
