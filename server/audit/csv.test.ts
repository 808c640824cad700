import { auditCsv, auditCsvLine, csvCell } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@admin', "'@admin"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['', ''],
  ])('%j is written %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe('auditCsv', () => {
  const event = {
    id: 7,
    at: new Date('2026-05-01T14:03:22.123Z'),
    user_id: 1,
    username: 'admin',
    action: 'import',
    detail: {
      kind: 'raw-data',
      file_name: 'report.csv',
      replace: true,
      rows_imported: 1805,
      rows_skipped: 0,
    },
    ip: '127.0.0.1',
  };

  it('writes an event with its words, its action code and its detail as JSON', () => {
    expect(auditCsvLine(event)).toBe(
      '7,2026-05-01 14:03:22,admin,Import,"Imported Full Arch Report: 1,805 rows (report.csv, replacing)",127.0.0.1,import,' +
        '"{""kind"":""raw-data"",""file_name"":""report.csv"",""replace"":true,""rows_imported"":1805,""rows_skipped"":0}"\r\n',
    );
  });

  it('starts with the byte order mark and the header, then one piece per batch', async () => {
    async function* batches() {
      yield [event];
      yield [{ ...event, id: 6, detail: null, username: null, ip: null, action: 'first_admin_created' }];
    }
    const pieces: string[] = [];
    for await (const piece of auditCsv(batches())) pieces.push(piece);
    expect(pieces).toHaveLength(3);
    expect(pieces[0]).toBe('\uFEFFID,When (UTC),User,Action,What,IP,Action Code,Detail (JSON)\r\n');
    expect(pieces[2]).toBe(
      '6,2026-05-01 14:03:22,,First admin created,Created the first admin account,,first_admin_created,\r\n',
    );
  });
});
