// Apart from the error handler, so that code off the server's thread (a file's reader) can use it.

/** An error whose message is meant for the user, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** More fields for the error body, e.g. the rows a refused import skipped. */
    public readonly extra: Record<string, unknown> = {},
    /** Response headers, e.g. Retry-After with a 429. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
