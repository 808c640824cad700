import fc from 'fast-check';
import { packRows, unpackRows } from './row-pack';
import type { Cell, SheetRow } from './types';

const cell: fc.Arbitrary<Cell> = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', 'Smith, John', 'Zoë Brontë', '\u0000', '\uD800'),
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 45_720),
  fc.date({ noInvalidDate: false }),
  fc.boolean(),
  fc.constant(null),
);
const run = fc.array(
  fc.record({ row: fc.integer({ min: 1, max: 1_048_576 }), cells: fc.array(cell, { maxLength: 12 }) }),
  { maxLength: 30 },
);

describe('packed rows', () => {
  it('unpack to the rows packed, every kind of cell exactly', () => {
    fc.assert(
      fc.property(run, (rows: SheetRow[]) => {
        // Object.is tells -0 from 0 and matches NaN, as toEqual does not quite.
        const back = unpackRows(packRows(rows));
        expect(back.length).toBe(rows.length);
        back.forEach((row, r) => {
          expect(row.row).toBe(rows[r].row);
          expect(row.cells.length).toBe(rows[r].cells.length);
          row.cells.forEach((c, i) => {
            const sent = rows[r].cells[i];
            if (sent instanceof Date) {
              expect(c).toBeInstanceOf(Date);
              expect(Object.is((c as Date).getTime(), sent.getTime())).toBe(true);
            } else expect(Object.is(c, sent)).toBe(true);
          });
        });
      }),
      { numRuns: 500 },
    );
  });

  it('read a missing cell as an empty one', () => {
    const sparse: Cell[] = [];
    sparse[2] = 'C';
    expect(unpackRows(packRows([{ row: 4, cells: sparse }]))).toEqual([{ row: 4, cells: [null, null, 'C'] }]);
  });
});
