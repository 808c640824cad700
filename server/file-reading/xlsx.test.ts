import { isDateFormat } from './workbook-parts';
import { sheetJsCell } from './xls';

describe('isDateFormat', () => {
  it('tells date and time formats from number formats', () => {
    for (const f of ['mm-dd-yy', 'd/m/yyyy', 'yyyy-mm-dd h:mm', '[$-409]mmm d, yyyy', 'h:mm AM/PM'])
      expect(isDateFormat(f), f).toBe(true);
    for (const f of [undefined, '', 'General', '0.00', '"$"#,##0.00', '[Red]0.00', '#,##0 "days"'])
      expect(isDateFormat(f), String(f)).toBe(false);
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
