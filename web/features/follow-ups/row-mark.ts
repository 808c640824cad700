import type { WorklistPatient } from '../../../common/api/worklist';
import classes from './follow-ups.module.css';
import type { ColumnProps } from './worklist-columns';

/** What the table and the phone's cards both take. */
export interface RowsProps extends ColumnProps {
  patients: readonly WorklistPatient[];
  /** The patient whose case is open, marked in the list. */
  openName: string | null;
  /** Names the table (or the list on a phone). */
  label: string;
  /** The row the user was last at (docs/screens.md, Follow-ups), marked while no case is open. */
  lastName: string | null;
  /** One card per patient rather than a table. */
  phone: boolean;
}

/** How a row is marked: its case open, the row the user was last at, or neither. */
export function rowClass(p: WorklistPatient, { openName, lastName }: RowsProps): string | undefined {
  if (p.patient_name === openName) return classes.openRow;
  if (openName === null && p.patient_name === lastName) return classes.lastRow;
  return undefined;
}
