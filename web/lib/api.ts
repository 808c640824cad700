/** The one way the web app talks to the server: same origin, JSON in and out, bearer token. */
import {
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  fillPath,
  queryString,
} from '../../common/api/endpoint';
import { type ErrorCode, isErrorCode } from '../../common/api/error-codes';

export const TOKEN_KEY = 'token';

/** What a failed call's answer says besides its words (docs/behaviour.md section 10). */
export interface FailureDetail {
  /** False when the server gave no text of its own, so callers show their fallback. */
  fromServer?: boolean;
  /** The server's code (common/api/error-codes.ts): what a screen decides by, never the words. */
  code?: ErrorCode | null;
  /** The request field the error is about, when the server names one: where a form shows it. */
  field?: string | null;
}

/** A failed call. `message` is the server's own words when it sent any; `code` what they mean. */
export class ApiError extends Error {
  readonly fromServer: boolean;
  /** Null when the server sent no code: no answer at all, or one not from this API (a proxy's). */
  readonly code: ErrorCode | null;
  readonly field: string | null;

  constructor(
    public readonly status: number,
    message: string,
    detail: FailureDetail = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fromServer = detail.fromServer ?? true;
    this.code = detail.code ?? null;
    this.field = detail.field ?? null;
  }
}

/** The server's code of a failure; null for no answer, one without a code, or another error. */
export const codeOf = (err: unknown): ErrorCode | null => (err instanceof ApiError ? err.code : null);

/** Whether a failure is the server's answer with one of these codes. */
export const hasCode = (err: unknown, ...codes: ErrorCode[]): boolean => {
  const code = codeOf(err);
  return code !== null && codes.includes(code);
};

export const NETWORK_ERROR = 'Network error';

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

type SessionEndedListener = (message: string) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** The auth provider listens here: any 401 ends the session wherever the call came from. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

// The input may be left out when nothing in it is required (no params, no body).
export type CallArgs<E extends Endpoint> =
  Record<never, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E> & CallOptions]
    : [input: EndpointInput<E> & CallOptions];

interface CallOptions {
  signal?: AbortSignal;
  /**
   * A bearer token this app does not keep as its session: the setup token of a forced
   * second-factor setup (docs/behaviour.md section 20). Its 401 ends no session here.
   */
  token?: string;
}

/** The address of a call: the endpoint's path with its parameters filled in, and its query. */
export function urlOf<E extends Endpoint>(e: E, input?: Partial<{ params: object; query: object }>): string {
  return fillPath(e.path, input?.params) + queryString(input?.query);
}

/** The words, code and field of an error body; anything not of this API's shape is left out. */
function saidIn(body: unknown): { text: string | null; code: ErrorCode | null; field: string | null } {
  if (typeof body !== 'object' || body === null) return { text: null, code: null, field: null };
  const { error, message, code, field } = body as Record<string, unknown>;
  const text =
    typeof error === 'string' && error ? error : typeof message === 'string' && message ? message : null;
  return {
    text,
    code: isErrorCode(code) ? code : null,
    field: typeof field === 'string' && field ? field : null,
  };
}

async function send(
  e: Endpoint,
  input: Partial<{ params: object; query: object; body: unknown }> & CallOptions,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  // A public call (sign-in, reset) carries no token, and its 401 means a wrong password, not an
  // ended session.
  // A call with a token of its own leaves the session alone, whatever it answers.
  const auth = e.access !== 'public' && input.token === undefined;
  const token = e.access === 'public' ? null : (input.token ?? readToken());
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(urlOf(e, input), {
      method: e.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
    return { response, auth };
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

/**
 * Calls an endpoint of common/api with its typed params, query and body, and returns its typed
 * answer; a failure throws ApiError with the server's words.
 */
export async function call<E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const { response, auth } = await send(e, input ?? {});
  const parsed: unknown = await response.json().catch(() => null);
  const failed = !response.ok || (parsed as { success?: unknown } | null)?.success === false;
  if (failed) throw failure(response.status, parsed, auth);
  return parsed as EndpointResponse<E>;
}

/**
 * Sends a signed-in call with the token given, for when this app has already let go of it
 * (signing out), and leaves the answer unread: signing out never waits for the server or fails
 * with it, and a 401 for a session already over must not end another. `keepalive` lets the call
 * finish while the page goes away.
 */
export function sendAndForget<E extends Endpoint>(e: E, token: string, body?: unknown): void {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  fetch(urlOf(e), {
    method: e.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** A file's answer, or the server's error: the same token and errors as `call`. */
async function fetchFile(e: Endpoint, input: Parameters<typeof send>[1]): Promise<Response> {
  const { response } = await send(e, input);
  if (response.ok) return response;
  throw failure(response.status, await response.json().catch(() => null), true);
}

/** A file download (the exports), the body as a Blob. */
export async function download<E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<Blob> {
  return (await fetchFile(e, input ?? {})).blob();
}

/**
 * A file download with the name the server gives it (`content-disposition`), for a file named on
 * the server (the PDF report, by the server's date); null when it gives none.
 */
export async function downloadNamed<E extends Endpoint>(
  e: E,
  ...[input]: CallArgs<E>
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await fetchFile(e, input ?? {});
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), fileName: named ? named[1] : null };
}

/**
 * The error for a failed answer; a 401 on a signed-in call also ends the session. Exported for
 * calls that cannot use fetch (uploads with progress go through XMLHttpRequest).
 */
export function failure(status: number, parsed: unknown, auth: boolean): ApiError {
  const { text, code, field } = saidIn(parsed);
  if (status === 401 && auth) {
    clearToken();
    const message = text ?? 'Your session has ended. Please sign in again.';
    for (const listener of sessionEndedListeners) listener(message);
  }
  return new ApiError(status, text ?? `Request failed (HTTP ${status})`, {
    fromServer: text !== null,
    code,
    field,
  });
}

/** The server's words (or 'Network error') when there are any, else the screen's own fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && (err.fromServer || err.status === 0)) return err.message;
  return fallback;
}
