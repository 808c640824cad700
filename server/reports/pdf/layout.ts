/** Page layout of the report: pure arithmetic on widths and heights, tested on its own. */

/**
 * Groups blocks, in their order, into rows of blocks set side by side: a block joins the row
 * before it when the row, with `gap` between blocks, still fits `width`. Returns the blocks'
 * indexes per row. Reading order is kept: left to right, then down.
 */
export function packRows(widths: readonly number[], width: number, gap: number): number[][] {
  const rows: number[][] = [];
  let used = Number.POSITIVE_INFINITY;
  widths.forEach((w, index) => {
    const row = rows.at(-1);
    if (row && used + gap + w <= width + 0.01) {
      row.push(index);
      used += gap + w;
      return;
    }
    rows.push([index]);
    used = w;
  });
  return rows;
}

/** The x of each block of a row, from `left`, `gap` apart. */
export function rowOffsets(widths: readonly number[], left: number, gap: number): number[] {
  const xs: number[] = [];
  let x = left;
  for (const w of widths) {
    xs.push(x);
    x += w + gap;
  }
  return xs;
}

/**
 * Column widths that put a table's month columns exactly under a chart's months: the first
 * (names) and last (Total) columns keep at least their natural widths and `least` widths, the
 * months share the rest of `total` evenly. Null when a month column would be narrower than its
 * content: the table then keeps its natural widths.
 */
export function alignedColumns(
  natural: readonly number[],
  total: number,
  least: { first: number; last: number },
): number[] | null {
  if (natural.length < 3) return null;
  const first = Math.max(natural[0], least.first);
  const last = Math.max(natural[natural.length - 1], least.last);
  const months = natural.slice(1, -1);
  const each = (total - first - last) / months.length;
  if (months.some((w) => w > each)) return null;
  return [first, ...months.map(() => each), last];
}

/**
 * A page break before a block, or not: a block that fits in what is left of the page goes
 * there; one that fits on a page of its own starts a new page; one taller than a page starts
 * where it is when at least `lead` millimetres (its heading and first rows) are left, and splits.
 */
export function startsNewPage(
  y: number,
  height: number,
  bottom: number,
  pageTop: number,
  lead: number,
): boolean {
  if (y + height <= bottom) return false;
  if (height <= bottom - pageTop) return y > pageTop;
  return y + lead > bottom;
}
