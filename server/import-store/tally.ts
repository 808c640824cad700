import type { ImportKind, ImportResponse, RowIssue } from '../../common/api/imports';
import type { RecordBatch } from '../file-reading';
import { HttpError } from '../http/http-error';
import type { ImportLimits } from '../platform/import-limits';
import { tooManyRows } from './limits';

const MAX_LISTED = 100;

/** The date a row is placed on: a procedure's date, an appointment's (null when TBD), a lead's. */
function dateOf(record: object): string | null {
  if ('appt_date' in record) return record.appt_date as string | null;
  if ('lead_date' in record) return record.lead_date as string;
  if ('date' in record) return record.date as string;
  return null;
}

/**
 * What a file's batches add up to, as they go by: the counts, the first skipped rows and
 * warnings, the unmapped codes, and the span of its dates. The import and its preview both count
 * with it, so a preview says what the import will answer (docs/behaviour.md section 2).
 */
export class ImportTally {
  imported = 0;
  skippedCount = 0;
  readonly skipped: RowIssue[] = [];
  readonly warnings: RowIssue[] = [];
  private readonly unmapped = new Map<string, number>();
  /** Earliest and latest valid date; rows with a date; rows dated before `today`. */
  from: string | null = null;
  to: string | null = null;
  dated = 0;
  past = 0;

  constructor(
    private readonly kind: ImportKind,
    private readonly mapped: ReadonlySet<string>,
    private readonly limits: ImportLimits,
    /** Server-local today, YYYY-MM-DD (docs/behaviour.md section 10). */
    private readonly today: string,
  ) {}

  add(batch: RecordBatch<ImportKind>): void {
    this.imported += batch.records.length;
    this.skippedCount += batch.skipped.length;
    if (this.imported + this.skippedCount > this.limits.maxRows) throw tooManyRows(this.limits);
    this.skipped.push(...batch.skipped.slice(0, MAX_LISTED - this.skipped.length));
    this.warnings.push(...batch.warnings.slice(0, MAX_LISTED - this.warnings.length));
    if (this.kind === 'ignore-list') return;
    // Only the two reports have codes.
    const coded = this.kind !== 'leads';
    for (const record of batch.records) {
      if (coded) {
        const { code } = record as { code: string };
        if (!this.mapped.has(code)) this.unmapped.set(code, (this.unmapped.get(code) ?? 0) + 1);
      }
      const date = dateOf(record);
      if (date === null) continue;
      this.dated++;
      if (date < this.today) this.past++;
      if (this.from === null || date < this.from) this.from = date;
      if (this.to === null || date > this.to) this.to = date;
    }
  }

  /** What was counted, as plain data that can cross from the reading thread. */
  summary(): TallySummary {
    return { response: this.response(), from: this.from, to: this.to, dated: this.dated, past: this.past };
  }

  response(): ImportResponse {
    return {
      success: true as const,
      records_imported: this.imported,
      rows_skipped: this.skippedCount,
      skipped: this.skipped,
      warnings: this.warnings,
      unmapped_codes: unmappedList(this.unmapped),
    };
  }
}

/** A tally's outcome: the import's answer, and the span of its dates for a preview. */
export interface TallySummary {
  response: ImportResponse;
  from: string | null;
  to: string | null;
  dated: number;
  past: number;
}

/** A file with no valid row imports nothing: 422, with the rows it skipped. */
export function checkSomethingToImport({ response }: TallySummary): void {
  if (response.records_imported > 0) return;
  throw new HttpError(422, 'The file has no valid rows to import; nothing was changed', {
    code: 'no_valid_rows',
    extra: { skipped: response.skipped, rows_skipped: response.rows_skipped },
  });
}

/** Unmapped codes with their counts, the most used first (docs/behaviour.md section 2). */
export function unmappedList(counts: ReadonlyMap<string, number>): { code: string; count: number }[] {
  return [...counts]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}
