import type { ImportKind, ImportPreview, ImportResponse, RowIssue } from '../../../common/api/imports';

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

/** What each kind's rows are called when counting those stored. */
const STORED: Record<ImportKind, [string, string]> = {
  'raw-data': ['procedure', 'procedures'],
  'future-scheduled': ['appointment', 'appointments'],
  'ignore-list': ['entry', 'entries'],
  leads: ['lead', 'leads'],
};

/** `2024-03-09` as `03/2024`. */
const monthOf = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;

export interface PreviewOutcome {
  /** `1,805 rows dated 03/2024-10/2026; replaces 94 appointments` */
  summary: string;
  /** The skipped rows and warnings the import will report, as its own result would name them. */
  issues: string | null;
  reasons: string[];
  more: number;
}

/** What a preview says the import will do (docs/screens.md, Data Import tab). */
export function previewOutcome(kind: ImportKind, preview: ImportPreview): PreviewOutcome {
  const range = preview.date_range;
  const months = range && (monthOf(range.from) === monthOf(range.to) ? [range.from] : [range.from, range.to]);
  const rows = `${plural(preview.records_imported, 'row', 'rows')}${months ? ` dated ${months.map(monthOf).join('-')}` : ''}`;
  const [one, many] = STORED[kind];
  const effect = preview.replace
    ? `replaces ${plural(preview.replaces, one, many)}`
    : kind === 'ignore-list'
      ? 'merged into the list'
      : kind === 'leads'
        ? // A lead already stored is not stored again, so not every row is added.
          'merged into the leads stored'
        : `added to the ${many} stored`;
  const skipped = preview.rows_skipped;
  const warned = preview.warnings.length;
  const parts = [
    skipped > 0 ? plural(skipped, 'row will be skipped', 'rows will be skipped') : null,
    warned > 0 ? plural(warned, 'warning', 'warnings') : null,
  ].filter(Boolean);
  const reasons = [...preview.skipped, ...preview.warnings].slice(0, REASONS_SHOWN).map(reasonOf);
  return {
    summary: `${rows}; ${effect}`,
    issues: parts.length > 0 ? parts.join(', ') : null,
    reasons,
    more: skipped + warned - reasons.length,
  };
}
