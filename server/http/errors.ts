import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../common/api/error-codes';
import { databaseError } from '../db/errors';
import { summarizeFault } from './fault-log';
import { codeOfStatus, errorBody, fieldError, HttpError, missingField } from './http-error';

export { fieldError, HttpError, missingField };

const FASTIFY_CODES: Record<string, [number, string, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON', 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty', 'invalid_json'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type', 'unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large', 'too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The file is too large', 'file_too_large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    400,
    'Expected a multipart/form-data upload with a file',
    'not_multipart',
  ],
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

type ValidationFailure = FastifyError & {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
};

/** The value at a path of the request's input as sent; undefined when it was not sent. */
function sentAt(req: FastifyRequest, context: string | undefined, path: readonly string[]): unknown {
  const inputs: Record<string, unknown> = { body: req.body, querystring: req.query, params: req.params };
  let value = inputs[context ?? 'body'];
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A refusal by the request's schema as the error it stands for: the field it names (`a.0.b` for a
 * nested one), missing when nothing was sent there (whatever the schema's words), and when its
 * words are zod's own for a missing field, `{field} is required`.
 */
function validationError(err: ValidationFailure, req: FastifyRequest): HttpError {
  const first = err.validation[0];
  const path = first.instancePath.split('/').slice(1);
  const field = path.join('.');
  const message = first.message ?? 'Invalid request';
  if (/received undefined/.test(message))
    return field ? missingField(field) : new HttpError(400, 'The request body is missing');
  if (!field) return new HttpError(400, message);
  const words = /^Invalid input/.test(message) ? `${field}: ${message}` : message;
  const sent = sentAt(req, err.validationContext, path) !== undefined;
  return fieldError(field, words, sent ? 'invalid_field' : 'missing_field');
}

/**
 * Every error leaves as `{success: false, error, code}`, with `field` when it is about one
 * (docs/behaviour.md section 10); only faults are 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).headers(err.headers).send(err.body());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const refused = validationError(err, req);
      return reply.status(refused.status).send(refused.body());
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known[0]).send(errorBody(known[1], known[2]));
    const refused = STORAGE_REFUSALS[databaseError(err)?.code ?? ''];
    if (refused) {
      req.log.warn({ fault: summarizeFault(err) }, 'data refused by the database');
      return reply.status(422).send(errorBody(refused, 'storage_refused'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(errorBody(err.message, codeOfStatus(err.statusCode)));
    }
    req.log.error({ fault: summarizeFault(err) }, 'request failed');
    return reply.status(500).send(errorBody('Internal server error', 'internal_error'));
  });
}

/** Errors the router meets before any route runs (a malformed URL): the usual error body. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const message = err.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL' : 'Bad request';
  reply.status(400).send(errorBody(message, 'invalid_request'));
}

const CLIENT_ERRORS: Record<string, [number, string, ErrorCode]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large', 'headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive', 'request_timeout'],
};

/** Requests Node refuses before Fastify sees them (headers too large, malformed HTTP). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, code] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'The request is malformed',
    'invalid_request',
  ];
  const body = JSON.stringify(errorBody(message, code));
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
    return reply.status(404).send(errorBody('Not found', 'not_found'));
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
