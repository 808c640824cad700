import { type CodeMapping, codeMappingBody, type MappingValue } from '../../../common/api/config';
import { formatCurrency } from '../../../common/format';

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

/** What is wrong with a draft, by box. */
export type DraftErrors = Partial<Record<keyof MappingDraft, string>>;

const BOX_OF: Record<string, keyof MappingDraft> = { proc_code: 'code', label: 'label', value: 'value' };

/**
 * The same checks as the server's (one schema for both): code and label required ('Procedure code
 * and label are required'); value blank for none, else a number of 0 or more ('$1,250' reads as 1250).
 * Each problem is kept under the box it is about, so the row shows it there.
 */
export function toMappingBody(draft: MappingDraft): { body: CodeMapping } | { errors: DraftErrors } {
  const parsed = codeMappingBody.safeParse({ proc_code: draft.code, label: draft.label, value: draft.value });
  if (!parsed.success) {
    const errors: DraftErrors = {};
    for (const issue of parsed.error.issues)
      errors[BOX_OF[String(issue.path[0])] ?? 'code'] ??= issue.message;
    return { errors };
  }
  return { body: { ...parsed.data, value: parsed.data.value ?? null } };
}

/** What each box of a row shows: a message, or only the invalid mark when a box before it says the same. */
export type ShownErrors = Partial<Record<keyof MappingDraft, string | true>>;

export function shownErrors(errors: DraftErrors): ShownErrors {
  const shown: ShownErrors = {};
  const said = new Set<string>();
  for (const box of ['code', 'label', 'value'] as const) {
    const message = errors[box];
    if (!message) continue;
    shown[box] = said.has(message) ? true : message;
    said.add(message);
  }
  return shown;
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
