import { bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

/** A Full Arch Report of `rows` procedures whose patients all carry `tag` in their names. */
function report(rows: number, tag: string): string {
  const lines = ['Patient,Date,Proc Code,Tooth,Provider,Description,Fee,Location'];
  for (let i = 0; i < rows; i++) {
    lines.push(`"${tag}, Patient${i % 5000}",3/${(i % 28) + 1}/2026,D0150,,Dr. One,Exam,$90.00,Main`);
  }
  return `${lines.join('\n')}\n`;
}

const count = async (sql: string) => (await t.db.query<{ n: number }>(sql))[0].n;

describe('imports at the same time', () => {
  it('two replacing imports of one kind leave exactly the file stored last, never a mix', async () => {
    const big = upload(t, admin, 'raw-data', 'big.csv', report(40_000, 'Big'));
    // Sent while the big one is being stored.
    await new Promise((r) => setTimeout(r, 300));
    const small = upload(t, admin, 'raw-data', 'small.csv', report(1_363, 'Small'));
    const [a, b] = await Promise.all([big, small]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [last] = await t.db.query<{ file_name: string; rows_imported: number }>(
      `SELECT file_name, rows_imported FROM imports WHERE kind = 'raw-data' ORDER BY id DESC LIMIT 1`,
    );
    const total = await count('SELECT count(*)::int AS n FROM procedures');
    expect(total).toBe(last.rows_imported);
    const tag = last.file_name === 'big.csv' ? 'Big' : 'Small';
    expect(
      await count(`SELECT count(*)::int AS n FROM procedures WHERE patient_name NOT LIKE '%${tag}%'`),
    ).toBe(0);
  });

  it('imports of different kinds overlapping both succeed', async () => {
    const appts = [
      'Patient,Appt Date,Code,Provider,Description,Status',
      ...Array.from(
        { length: 2000 },
        (_, i) => `"Appt, Person${i}",12/1/2026,D6010,Dr. One,Implant,Scheduled`,
      ),
    ].join('\n');
    const answers = await Promise.all([
      upload(t, admin, 'raw-data', 'raw.csv', report(20_000, 'Raw')),
      upload(t, admin, 'future-scheduled', 'future.csv', appts),
      upload(t, admin, 'ignore-list', 'ignore.csv', 'Patient Name,Year,Notes\n"Raw, Patient1",2026,moved\n'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await count('SELECT count(*)::int AS n FROM future_appointments')).toBe(2000);
    const dash = await t.app.inject({ url: '/api/dashboard/providers', headers: bearer(admin) });
    expect(dash.statusCode).toBe(200);
  });
});
