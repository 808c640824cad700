import type { ConsultOverview } from '../../../common/api/dashboard';

export type RangeSide = 'above' | 'below';

/** The words each side is shown with, so the direction never rests on colour alone. */
export const RANGE_SIDE_WORDS: Record<RangeSide, string> = { above: 'above range', below: 'below range' };

/**
 * Which side of the acceptable range each provider the server names as outside lies on. The
 * server decides who is outside, exactly; an outside total is at least 20% from the mean, so
 * comparing it with the (rounded) mean cannot mistake the side.
 */
export function outsideSides(
  data: Pick<ConsultOverview, 'providers' | 'acceptable_range'>,
): Map<string, RangeSide> {
  const { outside, mean } = data.acceptable_range;
  const totals = new Map(data.providers.map((row) => [row.provider, row.future_ytd_total]));
  const sides = new Map<string, RangeSide>();
  for (const provider of outside) {
    const total = totals.get(provider);
    if (total !== undefined) sides.set(provider, total > mean ? 'above' : 'below');
  }
  return sides;
}
