/** The one way the web app talks to the server: same origin, JSON in and out, bearer token. */

export const TOKEN_KEY = 'token';

/** A failed call. `message` is the server's own words when it sent any (docs/behaviour.md section 10). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** False when the server gave no text of its own, so callers show their fallback. */
    public readonly fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

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

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * False for the signed-out calls (login, reset): no bearer token is sent and a 401 means a
   * wrong password, not an ended session.
   */
  auth?: boolean;
}

function textOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return null;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, auth = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }

  const parsed: unknown = await response.json().catch(() => null);
  const failed = !response.ok || (parsed as { success?: unknown } | null)?.success === false;
  if (!failed) return parsed as T;
  throw failure(response.status, parsed, auth);
}

/**
 * The error for a failed answer; a 401 on a signed-in call also ends the session. Exported for
 * calls that cannot use fetch (uploads with progress go through XMLHttpRequest).
 */
export function failure(status: number, parsed: unknown, auth: boolean): ApiError {
  const text = textOf(parsed);
  if (status === 401 && auth) {
    clearToken();
    const message = text ?? 'Your session has ended. Please sign in again.';
    for (const listener of sessionEndedListeners) listener(message);
  }
  return new ApiError(status, text ?? `Request failed (HTTP ${status})`, text !== null);
}

/** A file download (spreadsheet exports): the same token and errors as `api`, the body as a Blob. */
export async function apiBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers, signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.ok) return response.blob();
  throw failure(response.status, await response.json().catch(() => null), true);
}

/** The server's words (or 'Network error') when there are any, else the screen's own fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && (err.fromServer || err.status === 0)) return err.message;
  return fallback;
}
