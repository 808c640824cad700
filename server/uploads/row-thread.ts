import type { Worker } from 'node:worker_threads';
import type { ImportKind } from '../../common/api/imports';
import type { FileFormat } from '../file-reading/detect';
import { unpackRows } from '../file-reading/row-pack';
import type { RowRuns, RowSource } from '../file-reading/source';
import { type FromRowReader, fromMessage, type ToRowReader } from './read-protocol';
import { SpareWorker } from './spare-worker';

/** Runs of rows read ahead of the records made of them: a few, so memory stays flat. */
const WINDOW = 4;

/** Started by each reading thread as it starts, so that a workbook's rows can be read at once. */
const rowReaders = new SpareWorker(new URL('./rows-worker.mjs', import.meta.url), 64);

/** Starts the thread the next workbook's rows will be read in. */
export const warmRowReader = (): void => rowReaders.warm();

/** Messages from a thread in the order they came, and its failure once it has failed. */
class Inbox {
  private readonly queue: FromRowReader[] = [];
  private waiting: { resolve(msg: FromRowReader): void; reject(error: Error): void } | null = null;
  private failure: Error | null = null;

  constructor(worker: Worker) {
    worker.on('message', (msg: FromRowReader) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting) waiting.resolve(msg);
      else this.queue.push(msg);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('The row reader stopped before it had finished')));
  }

  next(): Promise<FromRowReader> {
    const msg = this.queue.shift();
    if (msg) return Promise.resolve(msg);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(this.failure);
  }
}

/**
 * A workbook's rows read in a thread of their own (rows-worker.ts) while this one makes records of
 * them: its source as openRows gives it, with the same errors at the same rows. The thread is
 * ended when the rows are, or with the thread that asked for them.
 */
export async function rowsInThread(path: string, format: FileFormat, kind: ImportKind): Promise<RowSource> {
  const worker = rowReaders.take();
  const inbox = new Inbox(worker);
  const post = (msg: ToRowReader) => worker.postMessage(msg);
  post({ type: 'open', path, format, kind, window: WINDOW });
  let first: FromRowReader;
  try {
    first = await inbox.next();
    if (first.type === 'failed') throw fromMessage(first.error);
    if (first.type !== 'source') throw new Error(`The row reader sent ${first.type} before its source`);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  async function* rows(): RowRuns {
    try {
      for (;;) {
        const msg = await inbox.next();
        if (msg.type === 'end') return;
        if (msg.type === 'failed') throw fromMessage(msg.error);
        if (msg.type !== 'run') continue;
        post({ type: 'ack' });
        yield unpackRows(msg.packed);
      }
    } finally {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
  }
  return { columns: first.columns, header: first.header, checkedText: first.checkedText, rows: rows() };
}
