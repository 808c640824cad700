import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSamples, type SampleFormat } from '../../scripts/sample-data/index';
import { ADMIN_PASSWORD, bearer, createTestContext } from '../test/harness';
import { type UploadKind, upload } from '../test/upload';

// The same generated practice, written as CSV, XLSX and legacy XLS (which holds at most 65,536
// rows, so the set is small), must give the same scoresheet and the same stored rows.
const FORMATS: SampleFormat[] = ['csv', 'xlsx', 'xls'];
// The generated practice has no leads file.
const FILES: Record<Exclude<UploadKind, 'leads'>, string> = {
  'raw-data': 'full-arch-report',
  'future-scheduled': 'future-scheduled',
  'ignore-list': 'ignore-list',
};

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-formats-'));
  await generateSamples({
    outDir: dir,
    providers: 4,
    patients: 500,
    years: [2024, 2025, 2026],
    seed: 18,
    today: '2026-11-01',
    formats: FORMATS,
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function importAs(format: SampleFormat) {
  const t = await createTestContext();
  try {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const counts: Record<string, number> = {};
    for (const [kind, base] of Object.entries(FILES) as [UploadKind, string][]) {
      const name = `${base}.${format}`;
      const res = await upload(t, token, kind, name, readFileSync(join(dir, name)), { replace: 'true' });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      counts[kind] = res.json().records_imported;
    }
    const scoresheet = await t.app.inject({ url: '/api/scoresheet', headers: bearer(token) });
    expect(scoresheet.statusCode).toBe(200);
    const procedures = await t.db.query(
      `SELECT patient_key, patient_name, date, code, provider, description, amount, location
       FROM procedures ORDER BY patient_key, date, code, provider, amount, description`,
    );
    const appointments = await t.db.query(
      `SELECT patient_key, patient_name, appt_date, code, provider, description, scheduled_status
       FROM future_appointments ORDER BY patient_key, appt_date, code, provider, description`,
    );
    return { counts, scoresheet: scoresheet.json(), procedures, appointments };
  } finally {
    await t.close();
  }
}

describe('the same data as CSV, XLSX and XLS', () => {
  it('gives identical stored rows and scoresheets', async () => {
    const [csv, xlsx, xls] = [await importAs('csv'), await importAs('xlsx'), await importAs('xls')];
    expect(csv.counts['raw-data']).toBeGreaterThan(300);
    expect(csv.scoresheet.scoresheet.length).toBeGreaterThan(50);
    expect(xlsx).toEqual(csv);
    expect(xls).toEqual(csv);
  }, 120_000);
});
