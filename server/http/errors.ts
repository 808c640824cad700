import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose message is meant for the user, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** More fields for the error body, e.g. the rows a refused import skipped. */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The file is too large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'Expected a multipart/form-data upload with a file'],
};

/** Every error leaves as `{success: false, error}` (rules.md section 10); only faults are 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError)
      return reply.status(err.status).send({ success: false, error: err.message, ...err.extra });
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
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ success: false, error: err.message });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ success: false, error: 'Internal server error' });
  });
}

/**
 * Unknown API paths and missing assets are JSON 404s; when the web app is served, any other GET
 * gets its index.html, because the web app has no server-side routes of its own.
 */
export function installNotFoundHandler(app: FastifyInstance, serveWebApp: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isPage = req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/assets/');
    if (serveWebApp && isPage) return reply.sendFile('index.html');
    return reply.status(404).send({ success: false, error: 'Not found' });
  });
}
