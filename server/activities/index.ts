// What other features may use of activities; the rest of the folder is its own (docs/architecture.md).
export { nameAsked } from './asked';
export {
  type ActivityRow,
  activitiesAfter,
  activityTally,
  allActivities,
  type LastNote,
  lastNotes,
} from './store';
