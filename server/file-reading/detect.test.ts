import { hasAllowedExtension, sniffFormat } from './detect';

describe('hasAllowedExtension', () => {
  it('accepts .csv, .xlsx and .xls in any case', () => {
    for (const name of ['a.csv', 'A.CSV', 'report.final.xlsx', 'x.Xls'])
      expect(hasAllowedExtension(name)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const name of ['a.txt', 'a.xlsm', 'a.pdf', 'csv', 'a.csv.zip', 'a.', ''])
      expect(hasAllowedExtension(name)).toBe(false);
  });
});

describe('sniffFormat', () => {
  const bytes = (...b: number[]): Buffer => Buffer.from(b);

  it('knows workbooks by their magic numbers', () => {
    expect(sniffFormat(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toBe('xlsx');
    expect(sniffFormat(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00))).toBe('cfb');
    expect(sniffFormat(bytes(0x09, 0x00, 0x04, 0x00, 0x02, 0x00, 0x10, 0x00))).toBe('biff');
    expect(sniffFormat(bytes(0x09, 0x04, 0x06, 0x00, 0x00, 0x00, 0x10, 0x00))).toBe('biff');
  });

  it('knows HTML and Excel 2003 XML saved as .xls', () => {
    expect(sniffFormat(Buffer.from('  <html><body><table>'))).toBe('markup');
    expect(sniffFormat(Buffer.from('\ufeff<TABLE border=1><tr>'))).toBe('markup');
    expect(
      sniffFormat(
        Buffer.from('<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">'),
      ),
    ).toBe('markup');
    expect(sniffFormat(Buffer.from('<note>not a sheet</note>'))).toBe('text');
  });

  it('takes text in UTF-8 or Windows-1252 as delimited text', () => {
    expect(sniffFormat(Buffer.from('Patient,Date\r\nJosé,3/4/2025\r\n'))).toBe('text');
    expect(sniffFormat(bytes(0x4a, 0x6f, 0x73, 0xe9, 0x09, 0x80, 0x0a))).toBe('text');
    expect(sniffFormat(Buffer.from(''))).toBe('text');
  });

  it('refuses PDFs and binary data', () => {
    expect(sniffFormat(Buffer.from('%PDF-1.4\n'))).toBe('unknown');
    expect(sniffFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00))).toBe('unknown');
    expect(sniffFormat(Buffer.from('Patient\u0000Date'))).toBe('unknown');
    expect(sniffFormat(Buffer.from('a\u0001b\u0002c\u0003d'))).toBe('unknown');
  });
});
