import { sheetJsCell } from './xls';
import { excelCell } from './xlsx';

describe('excelCell', () => {
  it('passes plain values through', () => {
    const date = new Date(Date.UTC(2025, 2, 4));
    expect(excelCell('text')).toBe('text');
    expect(excelCell(12.5)).toBe(12.5);
    expect(excelCell(true)).toBe(true);
    expect(excelCell(date)).toBe(date);
    expect(excelCell(null)).toBeNull();
    expect(excelCell(undefined)).toBeNull();
    expect(excelCell(Number.NaN)).toBeNull();
  });

  it('joins rich text runs', () => {
    expect(excelCell({ richText: [{ text: 'Smith, ' }, { font: { bold: true }, text: 'John' }] })).toBe(
      'Smith, John',
    );
  });

  it('takes a formula result, else the formula as text', () => {
    expect(excelCell({ formula: 'HYPERLINK("http://x","Bob")', result: 'Bob' })).toBe('Bob');
    expect(excelCell({ formula: '1+1', result: 2 })).toBe(2);
    expect(excelCell({ formula: 'HYPERLINK("http://x","Bob")' })).toBe('=HYPERLINK("http://x","Bob")');
    expect(excelCell({ formula: 'A1/0', result: Number.NaN })).toBe('=A1/0');
    expect(excelCell({ sharedFormula: 'A1', result: 'x' })).toBe('x');
  });

  it('reads errors, hyperlinks and unknown shapes', () => {
    expect(excelCell({ error: '#N/A' })).toBe('#N/A');
    expect(excelCell({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(excelCell({ sharedString: 3 })).toBeNull();
  });
});

describe('sheetJsCell', () => {
  it('maps SheetJS cell types', () => {
    const date = new Date(Date.UTC(2025, 2, 4));
    expect(sheetJsCell({ t: 'n', v: 3 })).toBe(3);
    expect(sheetJsCell({ t: 's', v: 'x' })).toBe('x');
    expect(sheetJsCell({ t: 'b', v: false })).toBe(false);
    expect(sheetJsCell({ t: 'd', v: date })).toBe(date);
    expect(sheetJsCell({ t: 'e', v: 42, w: '#N/A' })).toBe('#N/A');
    expect(sheetJsCell({ t: 'z' })).toBeNull();
    expect(sheetJsCell(undefined)).toBeNull();
  });
});
