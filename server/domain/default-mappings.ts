/** The code mappings Initialize System adds (docs/behaviour.md section 3). */
import { STANDARD_ARCH_VALUE } from '../../common/limits';

// Re-exported so the server has one name for it; the web app reads the same constant from common.
export { STANDARD_ARCH_VALUE };

export type CodeMappingDefault = { proc_code: string; label: string; value: number | null };

export const DEFAULT_CODE_MAPPINGS: readonly CodeMappingDefault[] = [
  { proc_code: 'D0150', label: 'Consult', value: null },
  { proc_code: 'D9310', label: 'Consult', value: null },
  { proc_code: 'D0801', label: 'Scan', value: null },
  { proc_code: 'D0802', label: 'Scan', value: null },
  { proc_code: 'FA-PRES-MAX', label: 'Presented Max', value: null },
  { proc_code: 'FA-PRES-MAND', label: 'Presented Mand', value: null },
  { proc_code: 'FA-ACC-MAX', label: 'Accepted Max', value: null },
  { proc_code: 'FA-ACC-MAND', label: 'Accepted Mand', value: null },
  { proc_code: 'FA-PF-MAX', label: 'PF Max', value: null },
  { proc_code: 'FA-PF-MAND', label: 'PF Mand', value: null },
  { proc_code: 'D6119', label: 'Temp Upper', value: STANDARD_ARCH_VALUE },
  { proc_code: 'D6118', label: 'Temp Lower', value: STANDARD_ARCH_VALUE },
  { proc_code: 'D6114', label: 'Perm Upper', value: null },
  { proc_code: 'D6115', label: 'Perm Lower', value: null },
];

/** The same list under the shorter name the config service uses. */
export const DEFAULT_MAPPINGS = DEFAULT_CODE_MAPPINGS;
