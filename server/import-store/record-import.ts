import type { ImportResponse } from '../../common/api/imports';
import type { Tx } from '../db/client';
import { freshTable } from '../db/fresh-table';
import type { RecordBatch } from '../file-reading';
import { today } from '../platform/clock';
import type { ImportLimits } from '../platform/import-limits';
import { type Mapping, scoresheetFromDigest } from '../scoresheet/from-digest';
import { meaningfulCodes, rebuildFromDigest } from '../scoresheet/recalculate';
import { ImportSink, type SinkOptions } from './import-sink';
import { COLUMNS_OF, TABLE_OF } from './tables';

export type ReportBatch =
  | { kind: 'raw-data'; batch: RecordBatch<'raw-data'> }
  | { kind: 'future-scheduled'; batch: RecordBatch<'future-scheduled'> };

/** What replacing both reports from records answers: each report's own tally. */
export interface ReportsStored {
  fullArch: ImportResponse;
  future: ImportResponse;
}

/**
 * Replaces the Full Arch Report and the Future Scheduled data with records read from somewhere
 * other than a file (the Open Dental sync), inside the caller's transaction, which must hold the
 * data-change lock: the same storing as two replacing file imports (COPY text made by ImportSink,
 * the digest's rebuild of patients, offices and scoresheet). `batches` gives every Full Arch
 * batch before the first Future Scheduled one.
 */
export async function replaceReports(
  tx: Tx,
  /** The code mappings as read in this transaction, which the records were read by too. */
  mappings: Mapping[],
  batches: AsyncIterable<ReportBatch>,
  limits: ImportLimits,
): Promise<ReportsStored> {
  const base: Omit<SinkOptions, 'kind' | 'meaningful'> = {
    mapped: mappings.map((m) => m.proc_code),
    limits,
    today: today(),
  };
  const full = new ImportSink({ ...base, kind: 'raw-data', meaningful: [...meaningfulCodes(mappings)] });
  const future = new ImportSink({ ...base, kind: 'future-scheduled', meaningful: null });
  const it = batches[Symbol.asyncIterator]();
  let held: ReportBatch | null = null;
  // The one stream of batches split in two: each report's batches, as its COPY text.
  async function* textOf(kind: ReportBatch['kind'], sink: ImportSink): AsyncGenerator<Uint8Array> {
    for (;;) {
      if (!held) {
        const next = await it.next();
        if (next.done) break;
        held = next.value;
      }
      if (held.kind !== kind) break;
      sink.add(held.batch as RecordBatch<typeof kind>);
      held = null;
      yield* sink.take();
    }
    yield* sink.take(true);
  }
  const digest = full.digest;
  if (!digest) throw new Error('A Full Arch Report that replaces every procedure has a digest');
  // As a replacing file import stores them (uploads/service.ts).
  const fresh = await freshTable(tx, TABLE_OF['raw-data']);
  if (!fresh) await tx.query(`DELETE FROM ${TABLE_OF['raw-data']}`);
  await tx.copyText(fresh?.name ?? TABLE_OF['raw-data'], COLUMNS_OF['raw-data'], textOf('raw-data', full));
  await tx.query(`DELETE FROM ${TABLE_OF['future-scheduled']}`);
  await tx.copyText(
    TABLE_OF['future-scheduled'],
    COLUMNS_OF['future-scheduled'],
    textOf('future-scheduled', future),
  );
  await rebuildFromDigest(tx, fresh, {
    locations: digest.locations,
    patients: async () => digest.patientsText(),
    scoresheet: async (settings) => scoresheetFromDigest(digest, settings),
  });
  return { fullArch: full.tally.summary().response, future: future.tally.summary().response };
}
