// Apart from the error handler, so that code off the server's thread (a file's reader) can use it.
import type { ErrorCode } from '../../common/api/error-codes';
import type { ErrorResponse } from '../../common/api/shared';

/**
 * The code of an error whose site names none: what its status means by itself. A status missing
 * here has no plain meaning worth a code of its own, so an HttpError of it must name its code.
 */
const CODE_OF_STATUS = {
  400: 'invalid_request',
  401: 'sign_in_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
} as const satisfies Record<number, ErrorCode>;

/** The statuses an HttpError may leave its code to. */
export type PlainStatus = keyof typeof CODE_OF_STATUS;

/** The code for any status, for errors that come with a status only (Fastify's, a plugin's). */
export function codeOfStatus(status: number): ErrorCode {
  return (
    (CODE_OF_STATUS as Record<number, ErrorCode>)[status] ??
    (status >= 500 ? 'internal_error' : 'invalid_request')
  );
}

/** The one shape every error body has; `more` never overrides the three fields every body has. */
export function errorBody(
  message: string,
  code: ErrorCode,
  more: { field?: string; extra?: Record<string, unknown> } = {},
): ErrorResponse & Record<string, unknown> {
  return {
    ...more.extra,
    success: false,
    error: message,
    code,
    ...(more.field === undefined ? {} : { field: more.field }),
  };
}

export interface HttpErrorOptions {
  /** The body's `code`; without it, the status's own (CODE_OF_STATUS). */
  code?: ErrorCode;
  /** The request field the error is about, sent as `field` so a form can show it there. */
  field?: string;
  /** More fields for the error body, e.g. the rows a refused import skipped. */
  extra?: Record<string, unknown>;
  /** Response headers, e.g. Retry-After with a 429. */
  headers?: Record<string, string>;
}

/** An error whose message is meant for the user, with its HTTP status and its code. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: PlainStatus, message: string, options?: HttpErrorOptions);
  constructor(status: number, message: string, options: HttpErrorOptions & { code: ErrorCode });
  constructor(
    public readonly status: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.code = options.code ?? codeOfStatus(status);
    this.field = options.field;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  body(): ErrorResponse & Record<string, unknown> {
    return errorBody(this.message, this.code, { field: this.field, extra: this.extra });
  }
}

/** A 400 about one field of the request; the message names the field first (`date must ...`). */
export const fieldError = (field: string, message: string, code: ErrorCode = 'invalid_field') =>
  new HttpError(400, message, { code, field });

/** A 400 for a required field that was not sent: `host is required`. */
export const missingField = (field: string) => fieldError(field, `${field} is required`, 'missing_field');
