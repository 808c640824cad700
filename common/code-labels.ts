/**
 * The label table of docs/behaviour.md section 3: which code-mapping labels carry a meaning, and the
 * bit each treatment flag adds to a patient's score. The server scores with it; the
 * Configuration tab offers its labels.
 */

export const FLAGS = [
  { key: 'had_consult', label: 'Consult', bit: 1 },
  { key: 'presented_max', label: 'Presented Max', bit: 2 },
  { key: 'presented_mand', label: 'Presented Mand', bit: 4 },
  { key: 'accepted_max', label: 'Accepted Max', bit: 8 },
  { key: 'accepted_mand', label: 'Accepted Mand', bit: 16 },
  { key: 'had_temp_upper', label: 'Temp Upper', bit: 32 },
  { key: 'had_temp_lower', label: 'Temp Lower', bit: 64 },
  { key: 'had_perm_upper', label: 'Perm Upper', bit: 128 },
  { key: 'had_perm_lower', label: 'Perm Lower', bit: 256 },
  { key: 'pending_finance_mand', label: 'PF Mand', bit: 512 },
  { key: 'pending_finance_max', label: 'PF Max', bit: 1024 },
] as const;

/** Scan sets no bit; it only dates the case (docs/behaviour.md section 4, case_date). */
export const SCAN_LABEL = 'Scan';

/** Every label with a meaning, in table order, for the label picker. */
export const KNOWN_LABELS: readonly string[] = [...FLAGS.map((f) => f.label), SCAN_LABEL];
