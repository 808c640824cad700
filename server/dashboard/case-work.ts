import { allActivities } from '../activities/store';
import type { Db } from '../db/client';
import type { ActivitiesByPatient } from '../domain/worklist';

/**
 * Every patient's activities, read once per case work version (activities/version.ts): a call
 * logged moves that version on, and only the worklist, which reads it, is computed again.
 */
export function createCaseWorkData(db: Db) {
  let cached: { version: string; activities: Promise<ActivitiesByPatient> } | null = null;
  return (version: string): Promise<ActivitiesByPatient> => {
    if (cached?.version !== version) {
      const activities = allActivities(db);
      cached = { version, activities };
      activities.catch(() => {
        if (cached?.activities === activities) cached = null;
      });
    }
    return cached.activities;
  };
}
export type CaseWorkSource = ReturnType<typeof createCaseWorkData>;
