// What other features may use of goals; the rest of the folder is its own (docs/architecture.md).
export { goalsOfYear, readAllGoals, type YearGoal } from './service';
