/** An error raised by PostgreSQL (a server's or the embedded one's): a severity and an SQLSTATE. */
export interface DatabaseError {
  code: string;
  severity: string;
  table?: string;
  constraint?: string;
  routine?: string;
  /** The failing statement's name, when the client set it (see naming in client.ts). */
  statement?: string;
}

export function isDatabaseError(err: unknown): err is DatabaseError {
  const e = err as { code?: unknown; severity?: unknown } | null;
  return typeof e?.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

/**
 * Drizzle throws its own error around the driver's (DrizzleQueryError: the statement and every
 * parameter in its message and stack, the database's error as its cause). Code asking what the
 * database said (a unique violation's constraint) looks here, through any such wrapper.
 */
export function databaseError(err: unknown): DatabaseError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (isDatabaseError(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
