/**
 * What a log line may say about a fault. A database error carries the statement's parameters
 * (password hashes, search terms, patient keys) and often repeats values in its message, detail
 * and context, so only its code, the statement's name and where it happened are kept. Other
 * errors keep their message and stack, which come from code, not from request data.
 */
import { type DatabaseError, databaseError, isDatabaseError } from '../db/errors';
import { statementName } from '../db/statement-name';

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

/** Drizzle's wrapper, told by its fields: the statement and its parameters. */
function queryWrapper(err: object): { query: string; cause: unknown } | undefined {
  const e = err as { query?: unknown; params?: unknown; cause?: unknown };
  return typeof e.query === 'string' && Array.isArray(e.params)
    ? { query: e.query, cause: e.cause }
    : undefined;
}

function summarizeDatabaseError(err: DatabaseError, query: string | undefined): FaultSummary {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const own = (err as { query?: unknown }).query;
  const sql = query ?? (typeof own === 'string' ? own : undefined);
  return {
    type: 'DatabaseError',
    code: err.code,
    statement: text(err.statement) ?? (sql === undefined ? undefined : statementName(sql)),
    table: text(err.table),
    constraint: text(err.constraint),
    routine: text(err.routine),
  };
}

export function summarizeFault(err: unknown): FaultSummary {
  if (!err || typeof err !== 'object') return { type: typeof err };
  if (isDatabaseError(err)) return summarizeDatabaseError(err, undefined);
  const wrapper = queryWrapper(err);
  if (wrapper) {
    // Never the wrapper's own message or stack: both spell out the parameters.
    const cause = databaseError(wrapper.cause);
    if (cause) return summarizeDatabaseError(cause, wrapper.query);
    return { ...summarizeFault(wrapper.cause), statement: statementName(wrapper.query) };
  }
  const e = err as Record<string, unknown>;
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
