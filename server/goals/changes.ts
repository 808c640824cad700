import { GOAL_METRIC_NAMES, type Goal } from '../../common/api/goals';

/** `Dr. Ann Lee: Consults`: a goal as the audit log names it. */
const nameOf = (g: Pick<Goal, 'provider' | 'metric'>) => `${g.provider}: ${GOAL_METRIC_NAMES[g.metric]}`;
const keyOf = (g: Pick<Goal, 'provider' | 'metric'>) => `${g.provider}\n${g.metric}`;

/** What a save of a year's goals added, changed and removed, by provider and metric. */
export function goalChanges(before: Goal[], after: Goal[]) {
  const old = new Map(before.map((g) => [keyOf(g), g]));
  const now = new Map(after.map((g) => [keyOf(g), g]));
  return {
    added: after.filter((g) => !old.has(keyOf(g))).map(nameOf),
    changed: after
      .filter((g) => {
        const was = old.get(keyOf(g));
        return was?.months.some((v, i) => v !== g.months[i]) ?? false;
      })
      .map(nameOf),
    removed: before.filter((g) => !now.has(keyOf(g))).map(nameOf),
  };
}
