import type { Stage, Thresholds, WorklistSort } from '../../common/api/worklist';
import { type Appt, type LocationFilter, providerFilter, type Sheet } from '../domain/figures';
import {
  type ActivitiesByPatient,
  type LeadPeople,
  type PhonesByPatient,
  type Worklist,
  worklist,
} from '../domain/worklist';
import { assignedToFilter } from './assignee';

/**
 * The worklist a request asks for, its query read once (docs/behaviour.md sections 12 and 15).
 * The screen's list keys its cached answer and its audit row by these, so they are kept as asked:
 * the provider and `assignedTo` are read as the rules read them only in `worklistFor`.
 */
export interface WorklistAsked {
  stage: Stage | null;
  /** The provider asked for (null for none), a held provider's own whatever they asked. */
  provider: string | null;
  location: LocationFilter;
  asOf: string;
  includeScheduled: boolean;
  includeSnoozed: boolean;
  /** A username as that user spells it, `unassigned`, or null for everyone (resolveAssignedTo). */
  assignedTo: string | null;
  sort: WorklistSort;
}

/** What the worklist reads of the dashboard's snapshot: the leads and first touches for new leads. */
export interface WorklistData extends LeadPeople {
  sheet: Sheet;
  appts: Appt[];
  thresholds: Thresholds;
  phones: PhonesByPatient;
}

/**
 * The worklist asked for, the screen's and the workbook's alike, so a file never disagrees with
 * the list. `data` is the whole data, not narrowed to `asked.location`: the worklist narrows it
 * itself, as a new lead is at the office of its lead, not of a scoresheet row (section 19).
 */
export function worklistFor(
  data: WorklistData,
  asked: WorklistAsked,
  activities: ActivitiesByPatient,
): Worklist {
  const filters = {
    stage: asked.stage,
    provider: providerFilter(asked.provider),
    location: asked.location,
    asOf: asked.asOf,
    includeScheduled: asked.includeScheduled,
    includeSnoozed: asked.includeSnoozed,
    assignedTo: assignedToFilter(asked.assignedTo),
    sort: asked.sort,
  };
  return worklist(data.sheet, data.appts, data.thresholds, filters, activities, data.phones, data);
}
