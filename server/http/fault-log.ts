/**
 * What a log line may say about a fault. A database error carries the statement's parameters
 * (password hashes, search terms, patient keys) and often repeats values in its message, detail
 * and context, so only its code, the statement's name and where it happened are kept. Other
 * errors keep their message and stack, which come from code, not from request data.
 */
// A type, not an interface, so it fits the logger's open record type.
export type FaultSummary = {
  type: string;
  code?: string;
  statement?: string;
  table?: string;
  constraint?: string;
  routine?: string;
  message?: string;
  stack?: string;
};

/** The start of a statement, up to its first list, condition or value: 'INSERT INTO users'. */
export function statementName(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat
    .split(/[($]|\b(?:WHERE|VALUES|SET|ORDER|LIMIT|ON)\b/i)[0]
    .trim()
    .slice(0, 80);
}

/** Errors raised by PostgreSQL (a server's or the embedded one's): a severity and an SQLSTATE. */
function isDatabaseError(err: object): err is { code: string; severity: string } {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

export function summarizeFault(err: unknown): FaultSummary {
  if (!err || typeof err !== 'object') return { type: typeof err };
  const e = err as Record<string, unknown>;
  if (isDatabaseError(err)) {
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      type: 'DatabaseError',
      code: err.code,
      statement: text(e.statement) ?? (typeof e.query === 'string' ? statementName(e.query) : undefined),
      table: text(e.table),
      constraint: text(e.constraint),
      routine: text(e.routine),
    };
  }
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    code: typeof e.code === 'string' ? e.code : undefined,
    message: typeof e.message === 'string' ? e.message : undefined,
    stack: typeof e.stack === 'string' ? e.stack : undefined,
  };
}

/** The logger's `err` serializer: the summary, in the shape a log reader expects. */
export function serializeError(err: unknown): FaultSummary & { message: string; stack: string } {
  const s = summarizeFault(err);
  return { ...s, message: s.message ?? `database error ${s.code ?? ''}`.trim(), stack: s.stack ?? '' };
}
