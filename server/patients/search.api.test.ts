import { bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// Names written as the practice management system writes them, and 57 Lees to overflow the list.
const LEES = Array.from({ length: 57 }, (_, i) => `"Lee, Pat${String(i + 1).padStart(2, '0')}"`);
const FUTURE = [
  'Patient,Appt Date,Code,Provider',
  '"Hernandez, Anthony",11/2/2026,D0150,Dr. Sarah Chen',
  '"Hernandez, Walter",11/3/2026,D0150,Dr. Sarah Chen',
  '"Hernandez, Anthony James",11/4/2026,D0150,Dr. Sarah Chen',
  'Antonia Hernandez-Ruiz,11/5/2026,D0150,Dr. Sarah Chen',
  '"Mary 50% Off",11/6/2026,D0150,Dr. Sarah Chen',
  ...LEES.map((name) => `${name},11/9/2026,D0150,Dr. Sarah Chen`),
].join('\n');

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', 'admin-pass');
  const res = await upload(t, token, 'future-scheduled', 'future.csv', FUTURE, { replace: 'true' });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

async function search(q: string) {
  const res = await t.app.inject({
    url: `/api/patient/search?q=${encodeURIComponent(q)}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: boolean; patients: string[]; total: number };
}

describe('GET /api/patient/search', () => {
  it('finds a name written Last, First, with the first name cut short', async () => {
    expect(await search('Hernandez, Ant')).toEqual({
      success: true,
      patients: ['Anthony Hernandez', 'Anthony James Hernandez', 'Antonia Hernandez-Ruiz'],
      total: 3,
    });
    expect((await search('hernandez, anthony j')).patients).toEqual(['Anthony James Hernandez']);
    expect((await search('  HERNANDEZ ,  Walter ')).patients).toEqual(['Walter Hernandez']);
    expect((await search('Hern, Wal')).patients).toEqual(['Walter Hernandez']);
  });

  it('still finds any part of the display name, in any case', async () => {
    expect((await search('THONY HERN')).patients).toEqual(['Anthony Hernandez']);
    expect((await search('nandez')).total).toBe(4);
    // What is typed is matched as typed: % and _ are not wildcards.
    expect((await search('50%')).patients).toEqual(['Mary 50% Off']);
    expect((await search('_')).patients).toEqual([]);
    expect((await search('a_t')).patients).toEqual([]);
  });

  it('lists the first 20, sorted, and says how many match', async () => {
    const lees = await search('lee');
    expect(lees.total).toBe(57);
    expect(lees.patients).toEqual(
      Array.from({ length: 20 }, (_, i) => `Pat${String(i + 1).padStart(2, '0')} Lee`),
    );
    expect(await search('Lee, Pat5')).toEqual({
      success: true,
      patients: Array.from({ length: 8 }, (_, i) => `Pat5${i} Lee`),
      total: 8,
    });
  });

  it('answers nothing below two characters, and nothing when no one matches', async () => {
    expect(await search('a')).toEqual({ success: true, patients: [], total: 0 });
    expect(await search('   b   ')).toEqual({ success: true, patients: [], total: 0 });
    expect(await search('Zqxv')).toEqual({ success: true, patients: [], total: 0 });
  });

  it('audits what was typed, with the number shown and the number found', async () => {
    await search('Lee, Pat');
    const [event] = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      "SELECT action, detail FROM audit_log WHERE action = 'patient_search' ORDER BY id DESC LIMIT 1",
    );
    expect(event.detail).toEqual({ q: 'Lee, Pat', results: 20, total: 57 });
  });

  it('looks up the name chosen from the list', async () => {
    const [name] = (await search('Hernandez, Ant')).patients;
    const res = await t.app.inject({
      url: `/api/patient/lookup?name=${encodeURIComponent(name)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.patient_name).toBe('Anthony Hernandez');
  });
});
