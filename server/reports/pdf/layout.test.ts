import { alignedColumns, packRows, rowOffsets, startsNewPage } from './layout';

describe('packRows', () => {
  it('sets narrow blocks side by side and a full-width one on its own, in reading order', () => {
    // Consult Overview and Pipeline, the win-rate chart, two month sections, Future and Pending.
    expect(packRows([150, 100, 267, 267, 267, 110, 100], 273, 6)).toEqual([[0, 1], [2], [3], [4], [5, 6]]);
  });

  it('never moves a block ahead of one before it', () => {
    expect(packRows([200, 100, 50], 273, 6)).toEqual([[0], [1, 2]]);
    expect(packRows([], 273, 6)).toEqual([]);
  });

  it('counts the gaps between blocks', () => {
    expect(packRows([130, 137], 273, 6)).toEqual([[0, 1]]);
    expect(packRows([130, 138], 273, 6)).toEqual([[0], [1]]);
  });
});

describe('rowOffsets', () => {
  it('places each block after the one before and a gap', () => {
    expect(rowOffsets([150, 100], 12, 6)).toEqual([12, 168]);
  });
});

describe('alignedColumns', () => {
  it('shares what the first and last columns leave evenly among the months', () => {
    const columns = alignedColumns([26, 15, 15, 18], 100, { first: 30, last: 20 });
    expect(columns).toEqual([30, 25, 25, 20]);
    expect(columns?.reduce((a, b) => a + b)).toBe(100);
  });

  it('keeps a wider first or last column as it is', () => {
    expect(alignedColumns([40, 15, 15, 22], 100, { first: 30, last: 20 })).toEqual([40, 19, 19, 22]);
  });

  it('gives up when a month would not hold its figures', () => {
    expect(alignedColumns([30, 15, 26, 20], 100, { first: 30, last: 20 })).toBeNull();
    expect(alignedColumns([30, 20], 100, { first: 30, last: 20 })).toBeNull();
  });
});

describe('startsNewPage', () => {
  // Content runs from 16 to 191 mm: 175 mm a page.
  const at = (y: number, height: number, lead = 40) => startsNewPage(y, height, 191, 16, lead);

  it('keeps a block that fits where it is', () => {
    expect(at(100, 91)).toBe(false);
  });

  it('moves a block that fits on a page of its own to the next page', () => {
    expect(at(100, 92)).toBe(true);
    // Already at the top of a page: a new page would not help.
    expect(at(16, 175)).toBe(false);
  });

  it('starts a block longer than a page where it is when its lead fits', () => {
    expect(at(100, 400, 91)).toBe(false);
    expect(at(100, 400, 92)).toBe(true);
  });
});
