import type { ImportKind } from '../../../common/api/imports';

/** The file types every upload accepts (docs/screens.md section 5). */
export const ACCEPTED_TYPES = '.csv,.xlsx,.xls';

export interface UploadKind {
  kind: ImportKind;
  title: string;
  description: string;
  /** Whether the upload replaces the whole data set by default, or merges into it. */
  replaceByDefault: boolean;
  /** Only the Ignore List lets the user choose between merging and replacing. */
  replaceChoice: boolean;
}

export const UPLOAD_KINDS: readonly UploadKind[] = [
  {
    kind: 'raw-data',
    title: 'Full Arch Report',
    description: 'Excel or CSV with procedure data. Replaces the procedures imported before.',
    replaceByDefault: true,
    replaceChoice: false,
  },
  {
    kind: 'future-scheduled',
    title: 'Future Scheduled',
    description: 'Excel or CSV with future appointments. Replaces the appointments imported before.',
    replaceByDefault: true,
    replaceChoice: false,
  },
  {
    kind: 'ignore-list',
    title: 'Ignore List',
    description: 'Prior Year Patients: patients excluded from current-year metrics.',
    replaceByDefault: false,
    replaceChoice: true,
  },
];
