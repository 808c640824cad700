/** The worklist's filters and how they become its query (docs/behaviour.md section 12). */
import { z } from 'zod';
import { ALL_LOCATIONS } from '../../../common/api/dashboard';
import { STAGES, type Stage, type WorklistQuery } from '../../../common/api/worklist';

export const ALL_PROVIDERS = 'All Providers';
export { ALL_LOCATIONS };

const filters = z.object({
  /** null: every stage. */
  stage: z.enum(STAGES).nullable(),
  provider: z.string(),
  /** A location the server listed, or ALL_LOCATIONS. */
  location: z.string(),
  /** Also list due patients who have an appointment (TBD included). */
  includeScheduled: z.boolean(),
});
export type Filters = z.infer<typeof filters>;

export const NO_FILTERS: Filters = {
  stage: null,
  provider: ALL_PROVIDERS,
  location: ALL_LOCATIONS,
  includeScheduled: false,
};

/** Filters kept earlier (they outlive the tab, which unmounts when left), or none when unreadable. */
export function parseFilters(text: string | null): Filters {
  if (text === null) return NO_FILTERS;
  try {
    const parsed = filters.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : NO_FILTERS;
  } catch {
    return NO_FILTERS;
  }
}

/** The query: every "all" left out, so the server sees only what narrows the list. */
export function worklistQueryOf(f: Filters): WorklistQuery {
  return {
    stage: f.stage ?? undefined,
    provider: f.provider === ALL_PROVIDERS ? undefined : f.provider,
    location: f.location === ALL_LOCATIONS ? undefined : f.location,
    include_scheduled: f.includeScheduled ? 'true' : undefined,
  };
}

/** Selecting the selected stage again shows every stage. */
export const toggleStage = (current: Stage | null, clicked: Stage): Stage | null =>
  current === clicked ? null : clicked;
