import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseError } from '../db/errors';
import { summarizeFault } from './fault-log';
import { HttpError } from './http-error';

export { HttpError };

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The file is too large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'Expected a multipart/form-data upload with a file'],
};

/**
 * What PostgreSQL refuses to store for what the text is, not for a fault of ours: a value too large
 * for an index row, bytes that are not text. Each cause is checked before storing where it is known
 * (key lengths, NUL, UTF-8); this is the last line, so that one missed is still the sender's 422.
 */
const STORAGE_REFUSALS: Record<string, string> = {
  '54000': 'The data could not be stored: a value is longer than it may be',
  '22021': 'The data could not be stored: it holds bytes that are not text',
  '22P05': 'The data could not be stored: it holds characters that are not text',
};

/** Every error leaves as `{success: false, error}` (docs/behaviour.md section 10); only faults are 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError)
      return reply
        .status(err.status)
        .headers(err.headers)
        .send({ success: false, error: err.message, ...err.extra });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first.message ?? 'Invalid request';
      let error = message;
      if (/received undefined/.test(message))
        error = field ? `${field} is required` : 'The request body is missing';
      else if (/^Invalid input/.test(message) && field) error = `${field}: ${message}`;
      return reply.status(400).send({ success: false, error });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ success: false, error: known[1] });
    const refused = STORAGE_REFUSALS[databaseError(err)?.code ?? ''];
    if (refused) {
      req.log.warn({ fault: summarizeFault(err) }, 'data refused by the database');
      return reply.status(422).send({ success: false, error: refused });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ success: false, error: err.message });
    }
    req.log.error({ fault: summarizeFault(err) }, 'request failed');
    return reply.status(500).send({ success: false, error: 'Internal server error' });
  });
}

/** Errors the router meets before any route runs (a malformed URL): the usual error body. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const message = err.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL' : 'Bad request';
  reply.status(400).send({ success: false, error: message });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/** Requests Node refuses before Fastify sees them (headers too large, malformed HTTP). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'The request is malformed'];
  const body = JSON.stringify({ success: false, error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Unknown API paths and missing assets are JSON 404s; when the web app is served, any other GET
 * gets its index.html, because the web app has no server-side routes of its own.
 */
export function installNotFoundHandler(app: FastifyInstance, serveWebApp: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    // Decoded and lower-cased, so '/%61pi/x' or '/API/x' is an unknown API path, not a page.
    const path = safeDecode(req.url.split('?')[0]).toLowerCase();
    const isPage = req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/assets/');
    if (serveWebApp && isPage) return reply.sendFile('index.html');
    return reply.status(404).send({ success: false, error: 'Not found' });
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
