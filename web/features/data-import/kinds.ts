import type { ImportKind } from '../../../common/api/imports';

/** The file types every upload accepts (docs/screens.md section 5). */
export const ACCEPTED_TYPES = '.csv,.xlsx,.xls';

export interface UploadKind {
  kind: ImportKind;
  title: string;
  description: string;
  /** Whether the upload replaces the whole data set by default, or merges into it. */
  replaceByDefault: boolean;
  /** The choice between merging and replacing, for the kinds a file may add to; else null. */
  replaceChoice: ReplaceChoice | null;
}

export interface ReplaceChoice {
  /** What the user should know of the file before choosing, or null. */
  note: string | null;
  /** The switch's label. */
  label: string;
  /** What the file does, the switch on and off. */
  replaced: string;
  merged: string;
}

export const UPLOAD_KINDS: readonly UploadKind[] = [
  {
    kind: 'raw-data',
    title: 'Full Arch Report',
    description: 'Excel or CSV with procedure data. Replaces the procedures imported before.',
    replaceByDefault: true,
    replaceChoice: null,
  },
  {
    kind: 'future-scheduled',
    title: 'Future Scheduled',
    description: 'Excel or CSV with future appointments. Replaces the appointments imported before.',
    replaceByDefault: true,
    replaceChoice: null,
  },
  {
    kind: 'leads',
    title: 'Leads',
    description:
      'Excel or CSV of inquiries from web forms, the call centre or the CRM: name, lead date and source.',
    // An export of the latest inquiries adds to those stored; the same file twice changes nothing.
    replaceByDefault: false,
    replaceChoice: {
      note: null,
      label: 'Replace every lead',
      replaced: 'The file replaces every lead stored.',
      merged:
        'The file is added to the leads stored; a lead already stored (same name, date and source) is kept once.',
    },
  },
  {
    kind: 'ignore-list',
    title: 'Ignore List',
    description: 'Prior Year Patients: patients excluded from current-year metrics.',
    replaceByDefault: false,
    replaceChoice: {
      note: 'The Year column is the year whose figures leave the patient out: a patient listed for 2025 is left out of the 2025 consult and arch-case figures, and counted in every other year.',
      label: 'Replace the whole list',
      replaced: 'The file replaces every entry on the list.',
      merged: 'The file is merged into the list; a patient and year already listed gets the new notes.',
    },
  },
];
