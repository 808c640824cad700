/**
 * The thread that reads a workbook's rows for the thread that reads its import (read-worker.ts),
 * which turns them into records meanwhile: a workbook's XML (or SheetJS's parse) costs as much as
 * everything after it, and two threads share it with the database on two cores (docs/performance.md).
 * Told which file to open (`open`), it finds the header and sends `source`, then each run of
 * rows packed (row-pack.ts) as a `run`, a few ahead of the `ack`s, then `end`; or at any point one
 * `failed`, after which it ends. The reading thread ends it whichever way the import ends.
 */

import { parentPort } from 'node:worker_threads';
import { openRows } from '../file-reading/read-import';
import { packedBuffers, packRows } from '../file-reading/row-pack';
import type { SheetRow } from '../file-reading/types';
import { asMessage, type FromRowReader, type ToRowReader } from './read-protocol';

const port = parentPort;
if (!port) throw new Error('rows-worker.ts runs as a worker thread');

/** Rows sent at a time. */
const RUN_ROWS = 5000;

let inFlight = 0;
let wake: (() => void) | null = null;

const send = (msg: FromRowReader, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

async function read(job: Extract<ToRowReader, { type: 'open' }>): Promise<void> {
  const source = await openRows(job.path, job.format, job.kind);
  send({ type: 'source', columns: source.columns, header: source.header, checkedText: !!source.checkedText });
  // A workbook's reader gives a run per 16 KB of inflated XML, 30 rows or so: sent as they come,
  // a message each cost more than the rows in it.
  let gathered: SheetRow[] = [];
  const flush = async () => {
    while (inFlight >= job.window) await new Promise<void>((resolve) => (wake = resolve));
    inFlight++;
    const packed = packRows(gathered);
    gathered = [];
    send({ type: 'run', packed }, packedBuffers(packed));
  };
  try {
    for await (const run of source.rows) {
      for (const row of run) gathered.push(row);
      if (gathered.length >= RUN_ROWS) await flush();
    }
  } catch (error) {
    // The rows before a failure go first: one of them may fail the import sooner, as read here.
    if (gathered.length > 0) await flush();
    throw error;
  } finally {
    await source.rows.return();
  }
  if (gathered.length > 0) await flush();
  send({ type: 'end' });
}

port.on('message', (msg: ToRowReader) => {
  if (msg.type === 'ack') {
    inFlight--;
    wake?.();
    wake = null;
    return;
  }
  read(msg).then(
    () => port.close(),
    (error: unknown) => {
      send({ type: 'failed', error: asMessage(error) });
      port.close();
    },
  );
});
