// The embedded database in a thread of its own. PGlite runs PostgreSQL compiled to WebAssembly,
// synchronously on the thread that calls it: on the server's main thread, a long statement (a
// large COPY, a rebuild of the patients) would stop every other request, health included. Here it
// stops only this thread. Plain JavaScript, so it loads the same under every TypeScript runner.
//
// Messages in: {id, op: 'query', sql, params, tx?, csv?, rowMode?}, {id, op: 'copyOut', sql, tx?}
// (a COPY ... TO '/dev/blob', answered with its bytes), {id, op: 'begin', tx},
// {id, op: 'end', tx, commit}, {id, op: 'close'}. Out: {id, rows} or {id, error}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Dates stay 'YYYY-MM-DD' text (no time zone shifts); counts and numeric money become numbers.
// The same as the PostgreSQL server's parsers in client.ts.
const parsers = { 20: Number, 1700: Number, 1082: (v) => v };

const db = await PGlite.create({ dataDir: workerData.dataDir, parsers });

/** Open transactions by id: the PGlite transaction and how to end it. */
const open = new Map();
const ROLLBACK = Symbol('rollback');

// Only what a log or a caller may use: never the statement's parameters, detail or context,
// which repeat the values sent.
const ERROR_FIELDS = ['code', 'severity', 'table', 'constraint', 'column', 'routine'];
function plainError(err) {
  const out = { message: err instanceof Error ? err.message : String(err), name: err?.name ?? 'Error' };
  for (const f of ERROR_FIELDS) if (typeof err?.[f] === 'string') out[f] = err[f];
  return out;
}

/** Opens a transaction that stays open until its 'end' message, and resolves once it has begun. */
function begin(tx) {
  return new Promise((begun, failed) => {
    const entry = { handle: null, end: null, done: null };
    const ended = new Promise((resolve) => {
      entry.end = resolve;
    });
    entry.done = db
      .transaction(async (handle) => {
        entry.handle = handle;
        open.set(tx, entry);
        begun();
        if (!(await ended)) throw ROLLBACK;
      })
      .catch((err) => {
        if (err !== ROLLBACK) throw err;
      })
      .finally(() => open.delete(tx));
    // Before it began, a failure is the answer to 'begin'; after, to 'end' (a failed commit).
    entry.done.catch((err) => {
      if (!entry.handle) failed(err);
    });
  });
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const target = msg.tx === undefined ? db : open.get(msg.tx)?.handle;
      if (!target) throw new Error('The transaction has already ended');
      const options = {};
      if (msg.csv !== undefined) options.blob = new Blob([msg.csv]);
      if (msg.rowMode) options.rowMode = msg.rowMode;
      return (await target.query(msg.sql, msg.params ?? [], options)).rows;
    }
    case 'copyOut': {
      const target = msg.tx === undefined ? db : open.get(msg.tx)?.handle;
      if (!target) throw new Error('The transaction has already ended');
      const blob = (await target.query(msg.sql)).blob;
      return blob ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array(0);
    }
    case 'begin':
      await begin(msg.tx);
      return null;
    case 'end': {
      const entry = open.get(msg.tx);
      if (!entry) return null;
      entry.end(msg.commit);
      await entry.done;
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    // A COPY's bytes are handed over, not copied.
    (rows) => parentPort.postMessage({ id: msg.id, rows }, rows instanceof Uint8Array ? [rows.buffer] : []),
    (err) => parentPort.postMessage({ id: msg.id, error: plainError(err) }),
  );
});
parentPort.postMessage({ ready: true });
