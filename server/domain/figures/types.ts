/** The plain data the dashboard figures (docs/behaviour.md section 6) are computed from. */
import type { ScoresheetRow } from '../scoresheet';

export type Sheet = ScoresheetRow[];

/** One Future Scheduled row, in file order, joined with its code's mapping. */
export type Appt = {
  patient_key: string;
  /** The patient's display name (rules section 1: as first seen in any file). */
  patient_name: string;
  /** YYYY-MM-DD, or null for a TBD appointment. */
  appt_date: string | null;
  code: string;
  provider: string;
  /** Shown name: description, else the code's label, else the code. */
  procedure: string;
  scheduled_status: string;
  /** Status contains cancel, broken or no show / no-show: kept for history, counted nowhere. */
  cancelled: boolean;
  /** Label of the code's mapping, if any. */
  label: string | null;
  /** Value of the code's mapping (null: not a valued appointment). */
  value: number | null;
  /** Its own office, else its patient's scoresheet office, else null (docs/behaviour.md section 11). */
  location: string | null;
};

export type Ignore = { patient_key: string; year_code: string }[];

export type { MonthGrid, MonthGridRow } from '../../../common/api/dashboard';
