import { type CodeMapping, codeMappingBody, type MappingValue } from '../../../common/api/config';
import { formatCurrency } from '../../lib/format';

/** The text of a code-mapping form: the add row or a row being edited. */
export interface MappingDraft {
  code: string;
  label: string;
  value: string;
}

export const EMPTY_DRAFT: MappingDraft = { code: '', label: '', value: '' };

export const draftOf = (m: { proc_code: string; label: string; value: number | null }): MappingDraft => ({
  code: m.proc_code,
  label: m.label,
  value: m.value === null ? '' : String(m.value),
});

/**
 * The same checks as the server's (one schema for both): code and label required ('Procedure code
 * and label are required'); value blank for none, else a number of 0 or more ('$1,250' reads as 1250).
 */
export function toMappingBody(draft: MappingDraft): { body: CodeMapping } | { error: string } {
  const parsed = codeMappingBody.safeParse({ proc_code: draft.code, label: draft.label, value: draft.value });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid code mapping' };
  return { body: { ...parsed.data, value: parsed.data.value ?? null } };
}

/** A code mapping's value: `$14,995`, or '-' when it has none. */
export const formatMappingValue = (value: number | null) => (value === null ? '-' : formatCurrency(value));

/** The words a row of the Mapping Values table can be found by. */
function searchText(row: MappingValue): string {
  return [row.procedure_status, String(row.no_of_arches), row.win_loss, formatCurrency(row.case_value)]
    .join('\n')
    .toLowerCase();
}

/** The rows with the filter text in any column, case-insensitively; all of them for an empty filter. */
export function filterMappingValues(rows: readonly MappingValue[], filter: string): readonly MappingValue[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => searchText(row).includes(needle));
}
