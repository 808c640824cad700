import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const SHOWN_APART = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId']);

/**
 * One pino JSON line as a person reads it on a terminal: `10:42:07 WARN  message  key=value`.
 * Anything that is not a log line is passed through unchanged.
 */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const rest = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, level, String(entry.msg ?? ''), ...rest].filter(Boolean).join(' ');
}

/** A destination for the server's logger that writes `prettyLine`s: used when stdout is a terminal. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}
