import { type ActivityRow, activitiesAfter, activityTally, allActivities } from '../activities';
import type { Db } from '../db/client';
import type { ActivitiesByPatient } from '../domain/worklist';

interface Kept {
  version: string;
  byPatient: Map<string, ActivityRow[]>;
  count: number;
  last: number;
  names: string;
}

/** Case order (docs/behaviour.md section 15): by date, then as written. */
const caseOrder = (a: ActivityRow, b: ActivityRow) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;

/**
 * The activities kept, brought up to date: when the only change since is activities written, they
 * are read alone and put in their patients' lists, so logging a call costs one small read rather
 * than every activity again. Anything else (a delete, a user renamed, a write that committed out
 * of id order, which the count gives away) reads them all.
 */
async function refresh(db: Db, kept: Kept | null, version: string): Promise<Kept> {
  if (kept !== null) {
    const tally = await activityTally(db);
    if (tally.names === kept.names && tally.last >= kept.last) {
      const added = await activitiesAfter(db, kept.last);
      if (kept.count + added.length === tally.count) {
        const byPatient = new Map(kept.byPatient);
        for (const row of added) {
          const list = [...(byPatient.get(row.patient_key) ?? []), row].sort(caseOrder);
          byPatient.set(row.patient_key, list);
        }
        const last = added.length > 0 ? added[added.length - 1].id : kept.last;
        return { version, byPatient, count: tally.count, last, names: tally.names };
      }
    }
  }
  const tally = await activityTally(db);
  const byPatient = await allActivities(db);
  let count = 0;
  let last = 0;
  for (const list of byPatient.values()) {
    count += list.length;
    for (const a of list) last = Math.max(last, a.id);
  }
  // Read apart, the tally and the rows may disagree if a write came between: then the next call
  // reads everything again rather than trust either.
  return { version, byPatient, count, last, names: count === tally.count ? tally.names : '' };
}

/**
 * Every patient's activities, kept per case work version (db/versions.ts): a call logged
 * moves that version on, and only the worklist, which reads it, is computed again.
 */
export function createCaseWorkData(db: Db) {
  let kept: Kept | null = null;
  let pending: { version: string; value: Promise<Kept> } | null = null;
  return (version: string): Promise<ActivitiesByPatient> => {
    if (kept?.version === version) return Promise.resolve(kept.byPatient);
    if (pending?.version !== version) {
      const value = refresh(db, kept, version);
      pending = { version, value };
      value.then(
        (fresh) => {
          if (pending?.value === value) {
            kept = fresh;
            pending = null;
          }
        },
        () => {
          if (pending?.value === value) pending = null;
        },
      );
    }
    return pending.value.then((fresh) => fresh.byPatient);
  };
}
export type CaseWorkSource = ReturnType<typeof createCaseWorkData>;
