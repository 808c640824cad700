import type { ConsultOverview } from './api/dashboard';

/**
 * How the Dashboard, the PDF report and the dashboard workbook say who is outside the acceptable
 * range of consults, so all three read alike. Above the range is a provider with more consults
 * than the group: good news, said plainly and never drawn as an alarm; below the range is the
 * warning.
 */

export type RangeSide = 'above' | 'below';

type Range = Pick<ConsultOverview, 'providers' | 'acceptable_range'>;

/** The short words beside a provider's name. */
export const RANGE_SIDE_WORDS: Record<RangeSide, string> = {
  above: 'Above the range',
  below: 'Below the range',
};

/** What each side means for the practice, in plain words. */
export const RANGE_SIDE_MEANING: Record<RangeSide, string> = {
  above: 'doing better than the group',
  below: 'behind the group',
};

/**
 * Which side of the acceptable range each provider the server names as outside lies on. The
 * server decides who is outside, exactly; an outside total is at least 20% from the mean, so
 * comparing it with the (rounded) mean cannot mistake the side.
 */
export function outsideSides(data: Range): Map<string, RangeSide> {
  const { outside, mean } = data.acceptable_range;
  const totals = new Map(data.providers.map((row) => [row.provider, row.future_ytd_total]));
  const sides = new Map<string, RangeSide>();
  for (const provider of outside) {
    const total = totals.get(provider);
    if (total !== undefined) sides.set(provider, total > mean ? 'above' : 'below');
  }
  return sides;
}

/**
 * One sentence per side with anyone on it, above first: 'Above the range (doing better than the
 * group): Dr. Lee.' A name the server lists without a row (not expected) is still said, with no
 * side.
 */
export function outsideSentences(data: Range): string[] {
  const sides = outsideSides(data);
  const on = (side: RangeSide) => data.acceptable_range.outside.filter((name) => sides.get(name) === side);
  const sentences: string[] = [];
  for (const side of ['above', 'below'] as const) {
    const names = on(side);
    if (names.length > 0)
      sentences.push(`${RANGE_SIDE_WORDS[side]} (${RANGE_SIDE_MEANING[side]}): ${names.join(', ')}.`);
  }
  const unplaced = data.acceptable_range.outside.filter((name) => !sides.has(name));
  if (unplaced.length > 0) sentences.push(`Outside the range: ${unplaced.join(', ')}.`);
  return sentences;
}

/**
 * How the variance is drawn: 'good' when everyone is within the range, 'warning' when anyone is
 * below it (or on no known side), 'neutral' when the only ones outside are above it.
 */
export type VarianceTone = 'good' | 'neutral' | 'warning';

export function varianceTone(data: Range): VarianceTone {
  const { outside } = data.acceptable_range;
  if (outside.length === 0) return 'good';
  const sides = outsideSides(data);
  return outside.every((name) => sides.get(name) === 'above') ? 'neutral' : 'warning';
}
