import fc from 'fast-check';
import { CsvParser, type Delimiter, formatCsvRow, parseCsv } from './csv';

const rows = (text: string, delimiter: Delimiter = ','): string[][] => [...parseCsv(text, delimiter)];

/** Parses the text fed in the given pieces. */
function rowsInChunks(chunks: readonly string[], delimiter: Delimiter = ','): string[][] {
  const parser = new CsvParser(delimiter);
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('parseCsv', () => {
  it('splits plain fields and lines', () => {
    expect(rows('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(rows('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(rows('a\r1\r')).toEqual([['a'], ['1']]);
  });

  it('keeps empty fields and empty lines', () => {
    expect(rows('a,,c,\n\n,\n')).toEqual([['a', '', 'c', ''], [''], ['', '']]);
    expect(rows('')).toEqual([]);
    expect(rows('\n')).toEqual([['']]);
  });

  it('reads quoted fields with delimiters, quotes and line breaks', () => {
    expect(rows('"Smith, John","say ""hi""","two\r\nlines"\n')).toEqual([
      ['Smith, John', 'say "hi"', 'two\r\nlines'],
    ]);
    expect(rows('"",""\n')).toEqual([['', '']]);
    expect(rows('""')).toEqual([['']]);
    expect(rows('"a""",b')).toEqual([['a"', 'b']]);
  });

  it('is lenient like spreadsheet programs', () => {
    // A quote inside an unquoted field is a character.
    expect(rows('ab"c,d\n')).toEqual([['ab"c', 'd']]);
    // Text after a closing quote joins the field.
    expect(rows('"ab"c,d\n')).toEqual([['abc', 'd']]);
    // An unterminated quote runs to the end.
    expect(rows('a,"open\nstill open')).toEqual([['a', 'open\nstill open']]);
    // Spaces are kept; trimming is the records' job.
    expect(rows(' a , b ')).toEqual([[' a ', ' b ']]);
  });

  it('uses the delimiter it is given', () => {
    expect(rows('a;b,c;d\n', ';')).toEqual([['a', 'b,c', 'd']]);
    expect(rows('a\tb;c\t"d\te"\n', '\t')).toEqual([['a', 'b;c', 'd\te']]);
  });

  it('carries quotes, CRLF and fields across chunk boundaries', () => {
    const text = '"a""b",c\r\n"x\r\ny",z\r\n';
    const expected = [
      ['a"b', 'c'],
      ['x\r\ny', 'z'],
    ];
    for (let i = 0; i <= text.length; i++) {
      expect(rowsInChunks([text.slice(0, i), text.slice(i)])).toEqual(expected);
    }
    expect(rowsInChunks(text.split(''))).toEqual(expected);
    expect(rowsInChunks(['a\r', '', '\nb'])).toEqual([['a'], ['b']]);
  });
});

describe('formatCsvRow', () => {
  it('quotes only what needs it', () => {
    expect(formatCsvRow(['a', 'b c', 'd,e', 'f"g', 'h\ni'])).toBe('a,b c,"d,e","f""g","h\ni"');
    expect(formatCsvRow(['a;b', 'c,d'], ';')).toBe('"a;b";c,d');
    expect(formatCsvRow([''])).toBe('""');
  });
});

describe('round trip', () => {
  const field = fc.string({
    unit: fc.constantFrom('a', 'Z', ' ', '"', ',', ';', '\t', '\n', '\r', 'é', '😀'),
  });
  const table = fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 });

  it('parses what was formatted, however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        table,
        fc.constantFrom<Delimiter>(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (data, delimiter, eol, finalEol, cuts) => {
          const text = data.map((row) => formatCsvRow(row, delimiter)).join(eol) + (finalEol ? eol : '');
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, i) => text.slice(start, [...points, text.length][i]));
          expect(rowsInChunks(chunks, delimiter)).toEqual(data);
        },
      ),
      { numRuns: 500 },
    );
  });
});
