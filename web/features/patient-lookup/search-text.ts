/**
 * The line under the suggestions when the server found more patients than it lists (it lists the
 * first 20): the wanted name may be further down, so the way to reach it is to type more.
 */
export function moreMatchesText(shown: number, total: number): string | null {
  return total > shown ? `Showing ${shown} of ${total} matches; type more of the name` : null;
}
