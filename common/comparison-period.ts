/** How the headline figures name the part of the year before they are set beside (docs/screens.md). */
import type { Period } from './api/dashboard';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-11-25` -> `Nov 25`. */
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/**
 * A whole year reads as the year (`2025`); part of one as its days, `Jan 1-Nov 25, 2025`, or
 * `Jan 1, 2025` for the one day of a period that ends where it starts.
 */
export function comparisonLabel({ from, to }: Period): string {
  const year = from.slice(0, 4);
  if (from === `${year}-01-01` && to === `${year}-12-31`) return year;
  if (from === to) return `${dayLabel(from)}, ${year}`;
  return `${dayLabel(from)}-${dayLabel(to)}, ${year}`;
}
