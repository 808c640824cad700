import type { ImportResponse, RowIssue } from '../../../common/api/imports';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** Reasons shown in the result itself; the rest are one click away, in the lists under it. */
export const REASONS_SHOWN = 3;

export interface ImportOutcome {
  /** 'warning' when rows were skipped or read with a warning: the import stands, but not all of it. */
  tone: 'success' | 'warning';
  title: string;
  /** The first skipped rows and warnings, as `Row 14: Missing date`. */
  reasons: string[];
  /** How many more skipped rows and warnings there are than `reasons` lists. */
  more: number;
}

const reasonOf = (issue: RowIssue) => `Row ${issue.row}: ${issue.reason}`;

/**
 * What an accepted import says at once: plain success when every row went in as it was, else a
 * warning naming how many rows were skipped or warned about, with the first reasons.
 */
export function importOutcome(result: ImportResponse): ImportOutcome {
  const skipped = result.rows_skipped;
  const warned = result.warnings.length;
  if (skipped === 0 && warned === 0)
    return {
      tone: 'success',
      title: `Successfully imported ${count(result.records_imported)} records`,
      reasons: [],
      more: 0,
    };
  const parts = [
    skipped > 0 ? plural(skipped, 'row skipped', 'rows skipped') : null,
    warned > 0 ? plural(warned, 'warning', 'warnings') : null,
  ].filter(Boolean);
  const issues = [...result.skipped, ...result.warnings];
  const reasons = issues.slice(0, REASONS_SHOWN).map(reasonOf);
  return {
    tone: 'warning',
    title: `Imported ${plural(result.records_imported, 'record', 'records')}; ${parts.join(', ')}`,
    reasons,
    // The server lists at most 100 skipped rows; the count says how many there were in all.
    more: skipped + warned - reasons.length,
  };
}
