/**
 * Reads the Full Arch Report and Future Scheduled records straight from an Open Dental database
 * (docs/behaviour.md, "Sync from Open Dental"): one connection, one read-only transaction over a
 * consistent snapshot, the procedures streamed in ProcNum order with back-pressure, so memory stays
 * flat at any size. Holds no state outside the generator, so it runs as well in a worker thread.
 */

import type { Connection } from 'mysql2';
import { DEFAULT_BATCH_SIZE } from '../../file-reading/read-import';
import type { RowOutcome } from '../../file-reading/records';
import type { ImportKind, ImportRecord, RecordBatch } from '../../file-reading/types';
import type { ReportBatch } from '../../import-store/record-import';
import { checkSchema, connect, type OdConnection, SyncError, syncErrorOf } from './connection';
import { readLookups } from './lookups';
import { fullArchSql, futureSql, readCodes, startSnapshot } from './queries';
import { appointmentOutcome, type Codes, type PlannedRow, type ProcedureRow, procedureOutcome } from './rows';

/** A batch of either report, all Full Arch batches first: what replaceReports stores. */
export type OdBatch = ReportBatch;

export interface ReadOptions {
  /** Rows (records and skipped) per batch. */
  batchSize?: number;
  /** How long the server may take to send the next row before the read is given up. */
  stallMs?: number;
}

export const DEFAULT_STALL_MS = 30_000;
/** Rows the driver holds ahead of the consumer before it stops reading from the server. */
const STREAM_AHEAD_ROWS = 1000;

export async function* readOpenDental(
  conn: OdConnection,
  mappedCodes: ReadonlySet<string>,
  options: ReadOptions = {},
): AsyncGenerator<OdBatch> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const connection = await connect(conn);
  try {
    const guard = new Guard(connection, stallMs);
    const step = <T>(work: Promise<T>) => guard.wait(work);
    await step(checkSchema(connection));
    await step(startSnapshot(connection));
    const { codes, mappedCodeNums } = await step(readCodes(connection, mappedCodes));
    const lookups = await step(readLookups(connection));
    // With no mapped code no patient is read, and no appointment either.
    if (mappedCodeNums.length === 0) return;
    const known: Codes = { codes };
    for await (const batch of batches(
      streamRows<ProcedureRow>(connection, fullArchSql(mappedCodeNums), guard),
      (row) => procedureOutcome(row, known, lookups),
      batchSize,
    ))
      yield { kind: 'raw-data', batch };
    for await (const batch of batches(
      streamRows<PlannedRow>(connection, futureSql(mappedCodeNums), guard),
      (row) => appointmentOutcome(row, known, lookups),
      batchSize,
    ))
      yield { kind: 'future-scheduled', batch };
    await step(selectEnd(connection));
  } catch (err) {
    throw syncErrorOf(err, conn);
  } finally {
    // The transaction only read: closing the connection ends it, whatever state it is in.
    connection.destroy();
  }
}

async function* batches<K extends ImportKind, T extends { ProcNum: number }>(
  rows: AsyncIterable<T>,
  toRecord: (row: T) => RowOutcome<ImportRecord<K>>,
  batchSize: number,
): AsyncGenerator<RecordBatch<K>> {
  let batch: RecordBatch<K> = { records: [], skipped: [], warnings: [] };
  let size = 0;
  for await (const row of rows) {
    const outcome = toRecord(row);
    if ('skip' in outcome) batch.skipped.push({ row: Number(row.ProcNum), reason: outcome.skip });
    else {
      batch.records.push(outcome.record);
      if (outcome.warning) batch.warnings.push({ row: outcome.record.row, reason: outcome.warning });
    }
    if (++size >= batchSize) {
      yield batch;
      batch = { records: [], skipped: [], warnings: [] };
      size = 0;
    }
  }
  if (size > 0) yield batch;
}

/**
 * The rows of a statement as they arrive. The stall clock runs only while a row is awaited from
 * the server, not while the consumer stores the previous batch.
 */
async function* streamRows<T>(connection: Connection, sql: string, guard: Guard): AsyncGenerator<T> {
  const stream = connection.query(sql).stream({ highWaterMark: STREAM_AHEAD_ROWS });
  const rows = stream[Symbol.asyncIterator]() as AsyncIterator<T>;
  try {
    for (;;) {
      const next = await guard.wait(rows.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    stream.destroy();
  }
}

/** Ends the read-only transaction. */
function selectEnd(connection: Connection): Promise<void> {
  return new Promise((resolve, reject) =>
    connection.query('COMMIT', (err) => (err ? reject(err) : resolve())),
  );
}

/**
 * Waits for the server with two guards: a read that gets nothing for `stallMs` ends the
 * connection with a 502, and a connection lost part-way fails the wait at once. (The driver
 * reports a loss during a streamed statement only to the connection, and only once the consumer
 * reads again, so without this the read would wait for the stall instead.)
 */
class Guard {
  private readonly lost: Promise<never>;

  constructor(
    private readonly connection: Connection,
    private readonly stallMs: number,
  ) {
    this.lost = new Promise<never>((_, reject) => {
      connection.on('error', reject);
      connection.on('end', () =>
        reject(Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' })),
      );
    });
    // Nobody may be waiting when the connection goes: that is no failure of its own.
    this.lost.catch(() => {});
  }

  async wait<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.connection.destroy();
        reject(
          new SyncError(
            502,
            `The Open Dental server stopped answering during the read (nothing for ${Math.round(this.stallMs / 1000)} seconds): try again later.`,
            'opendental_connection_lost',
          ),
        );
      }, this.stallMs);
    });
    // The losing side of the race may still fail once the connection is gone: that is expected.
    work.catch(() => {});
    try {
      return await Promise.race([work, stalled, this.lost]);
    } finally {
      clearTimeout(timer);
    }
  }
}
