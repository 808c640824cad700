import fc from 'fast-check';
import {
  decodeXml,
  genericCells,
  type SheetContext,
  SheetXmlScanner,
  stringItemText,
  Tags,
} from './sheet-xml';

const PLAIN = new Tags();

const ctx: SheetContext = {
  sharedStrings: ['Smith, John', 'D6114', 'Tom & Jerry'],
  // Style 1 is a date format, style 2 a money format.
  isDateStyle: (style) => style === 1,
  date1904: false,
};

const SHEET = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="x"><cols><col min="1" max="1"/></cols><sheetData>
<row r="1"><c r="A1" t="inlineStr"><is><t>Full Arch Report</t></is></c></row>
<row r="3" spans="1:6"><c r="A3" t="s"><v>0</v></c><c r="B3" s="1"><v>45720</v></c><c r="C3" t="s"><v>1</v></c><c r="E3" s="2"><v>14995.5</v></c><c r="F3" t="str"><v>a &lt; b &amp;&#39;c&#x27;</v></c></row>
<row r="4"><c r="A4" t="inlineStr"><is><r><t>Doe, </t></r><r><rPr><b/></rPr><t xml:space="preserve">Jane</t></r><rPh><t>ドウ</t></rPh></is></c><c r="B4" t="d"><v>2025-03-04T00:00:00Z</v></c><c r="C4" t="b"><v>1</v></c><c r="D4" t="e"><v>#N/A</v></c></row>
<row r="5"><c r="A5"><f>HYPERLINK("http://x","Bob")</f></c><c r="B5" t="str"><f>HYPERLINK("http://x","Al")</f><v>Al</v></c><c r="C5"><f>1+1</f><v>2</v></c><c r="D5"><f t="shared" si="0"/></c><c r="E5" s="2"/></row>
<row r="6"/>
<row><c t="s"><v>2</v></c><c/><c t="inlineStr"><is><t>third</t></is></c></row>
</sheetData><mergeCells count="0"/></worksheet>`;

const EXPECTED = [
  { row: 1, cells: ['Full Arch Report'] },
  {
    row: 3,
    cells: ['Smith, John', new Date(Date.UTC(2025, 2, 4)), 'D6114', null, 14995.5, "a < b &'c'"],
  },
  { row: 4, cells: ['Doe, Jane', new Date(Date.UTC(2025, 2, 4)), true, '#N/A'] },
  { row: 5, cells: ['=HYPERLINK("http://x","Bob")', 'Al', 2, null, null] },
  { row: 6, cells: [] },
  { row: 7, cells: ['Tom & Jerry', null, 'third'] },
];

/** The same sheet as the Open XML SDK writes it: every SpreadsheetML element prefixed. */
const PREFIXED = SHEET.replace('xmlns="x"', 'xmlns:x="x"').replace(
  /<(\/?)(worksheet|cols|col|sheetData|row|c|v|f|is|t|r|rPr|b|rPh|mergeCells)(?=[\s/>])/g,
  '<$1x:$2',
);

function scanInChunks(xml: string, sizes: number[]) {
  const scanner = new SheetXmlScanner(ctx);
  const rows = [];
  let at = 0;
  for (let i = 0; at < xml.length; i++) {
    const size = sizes[i % sizes.length];
    rows.push(...scanner.push(xml.slice(at, at + size)));
    at += size;
  }
  return rows;
}

describe('SheetXmlScanner', () => {
  it('reads every kind of cell, placed by its reference or after the one before', () => {
    expect(new SheetXmlScanner(ctx).push(SHEET)).toEqual(EXPECTED);
  });

  it('gives the same rows however the text is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 20 }), (sizes) => {
        expect(scanInChunks(SHEET, sizes)).toEqual(EXPECTED);
      }),
      { numRuns: 200 },
    );
  });

  it('reads namespace-prefixed elements alike, however they are cut', () => {
    expect(PREFIXED).toContain('<x:row r="3" spans="1:6"><x:c r="A3" t="s"><x:v>0</x:v></x:c>');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 20 }), (sizes) => {
        expect(scanInChunks(PREFIXED, sizes)).toEqual(EXPECTED);
      }),
      { numRuns: 200 },
    );
  });

  it('counts 1904-based dates from 1904', () => {
    const scanner = new SheetXmlScanner({ ...ctx, date1904: true });
    const [row] = scanner.push('<worksheet><sheetData><row r="2"><c r="A2" s="1"><v>0</v></c></row>');
    expect(row.cells[0]).toEqual(new Date(Date.UTC(1904, 0, 1)));
  });
});

describe('string items and entities', () => {
  it('joins the runs of a string item and leaves phonetic guides out', () => {
    expect(stringItemText('<t>plain</t>')).toBe('plain');
    expect(stringItemText('<r><t>Smith, </t></r><r><t>John</t></r><rPh sb="0"><t>x</t></rPh>')).toBe(
      'Smith, John',
    );
    expect(stringItemText('<t/>')).toBe('');
    expect(
      stringItemText(
        '<x:r><x:t>Smith, </x:t></x:r><x:r><x:t>John</x:t></x:r><x:rPh><x:t>x</x:t></x:rPh>',
        new Tags('x:'),
      ),
    ).toBe('Smith, John');
  });

  it('decodes the five named entities and character references', () => {
    expect(decodeXml('&lt;&gt;&amp;&quot;&apos;&#233;&#x20AC;&unknown;')).toBe('<>&"\'é€&unknown;');
  });
});

describe('the quick reading of plain cells', () => {
  // Cells in the forms writers use and in forms only a hand could make: each row must read as the
  // generic reading of every tag reads it.
  const attribute = fc.oneof(
    fc.constantFrom('r="B3"', 'r="c9"', "r='D2'", 'r=""', 'r="12"', 'r = "E4"', 'r\t="F1"', 'r="A1 "'),
    fc.constantFrom('s="1"', 's="2"', 's=""', 's="x"', 's="01"', 's=" 1"'),
    fc.constantFrom(
      't="s"',
      't="str"',
      't="b"',
      't="e"',
      't="d"',
      't="n"',
      't="inlineStr"',
      't="zz"',
      't=""',
    ),
    fc.constantFrom('cm="1"', 'x14:t="s"', 'rr="Z9"', 'r2="B1"', 'foo=" t=b"'),
  );
  const separator = fc.constantFrom(' ', '  ', '\t', '\n', '');
  const body = fc.constantFrom(
    '<v>0</v>',
    '<v>2</v>',
    '<v>45720</v>',
    '<v> </v>',
    '<v>true</v>',
    '<v>a &amp; b</v>',
    '<v>2025-03-04</v>',
    '<f>1+1</f><v>2</v>',
    '<f>A1</f>',
    '<is><t>inline</t></is>',
    '<v>1</v><extLst/>',
    '',
  );
  const cell = fc
    .tuple(fc.array(fc.tuple(separator, attribute), { maxLength: 4 }), fc.boolean(), body)
    .map(([attrs, empty, content]) => {
      const tag = `<c${attrs.map(([sep, a]) => `${sep}${a}`).join('')}`;
      return empty ? `${tag}/>` : `${tag}>${content}</c>`;
    });
  const row = fc.array(fc.oneof(cell, cell, fc.constantFrom('\n', '<extLst></extLst>')), { maxLength: 6 });

  it('reads every row as the generic reading does', () => {
    fc.assert(
      fc.property(row, (parts) => {
        const content = parts.join('');
        const xml = `<worksheet><sheetData><row r="1">${content}</row></sheetData></worksheet>`;
        const quick = () => new SheetXmlScanner(ctx).push(xml);
        let expected: unknown;
        try {
          expected = [{ row: 1, cells: genericCells(content, [], 0, ctx, PLAIN) }];
        } catch (error) {
          expect(quick).toThrow((error as Error).message);
          return;
        }
        expect(quick()).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
