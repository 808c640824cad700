// The generator's promises to its users: byte-identical output for the same options, headers the
// importer accepts, realistic names and outcomes (which differ by office), and row counts that
// scale with patients.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DEFAULT_OPTIONS, type GenerateOptions, generateSamples } from './index.js';

const dirs: string[] = [];

async function generate(overrides: Partial<GenerateOptions>) {
  const outDir = await mkdtemp(join(tmpdir(), 'fa-samples-'));
  dirs.push(outDir);
  const result = await generateSamples({ ...DEFAULT_OPTIONS, formats: ['csv'], outDir, ...overrides });
  return { outDir, result };
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Minimal RFC 4180 reader: enough for the generator's own output. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  return rows;
}

/** Rows after the header, found as the importer does: the first of 20 rows naming the columns. */
async function table(
  dir: string,
  file: string,
  required: string[],
): Promise<{ header: string[]; rows: string[][] }> {
  const all = parseCsv(await readFile(join(dir, file), 'utf8'));
  const at = all.slice(0, 20).findIndex((r) => required.every((h) => r.includes(h)));
  expect(at).toBeGreaterThanOrEqual(0);
  return { header: all[at], rows: all.slice(at + 1) };
}

/** Patient key per the spec: collapse spaces, flip `Last, First`, lower-case. */
function patientKey(raw: string): string {
  let name = raw.trim().replace(/\s+/g, ' ');
  const parts = name.split(',');
  if (parts.length === 2) name = `${parts[1].trim()} ${parts[0].trim()}`;
  return name.toLowerCase();
}

/** Codes that show a consult was won: accepted, or treatment started. */
const WON_CODES = ['FA-ACC-MAX', 'FA-ACC-MAND', 'D6119', 'D6118', 'D6114', 'D6115'];

describe('generateSamples', () => {
  it('writes byte-identical files for the same options', async () => {
    const a = await generate({ patients: 300, seed: 7 });
    const b = await generate({ patients: 300, seed: 7 });
    for (const file of ['full-arch-report.csv', 'future-scheduled.csv', 'ignore-list.csv', 'leads.csv']) {
      expect((await readFile(join(a.outDir, file))).equals(await readFile(join(b.outDir, file)))).toBe(true);
    }
    const c = await generate({ patients: 300, seed: 8 });
    const report = 'full-arch-report.csv';
    expect((await readFile(join(a.outDir, report))).equals(await readFile(join(c.outDir, report)))).toBe(
      false,
    );
  });

  it('uses header names the importer accepts, below a title block', async () => {
    const { outDir } = await generate({ patients: 200 });
    const fa = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date', 'Proc Code', 'Provider']);
    expect(fa.header).toEqual([
      'Patient',
      'Date',
      'Proc Code',
      'Tooth',
      'Provider',
      'Description',
      'Fee',
      'Location',
      'Phone',
    ]);
    const raw = await readFile(join(outDir, 'full-arch-report.csv'), 'utf8');
    expect(raw.split('\r\n')[0]).toBe('\uFEFFFull Arch Report');
    const fs = await table(outDir, 'future-scheduled.csv', ['Patient', 'Code', 'Provider']);
    expect(fs.header).toEqual([
      'Patient',
      'Appt Date',
      'Code',
      'Provider',
      'Description',
      'Status',
      'Location',
      'Phone',
    ]);
    const ig = await table(outDir, 'ignore-list.csv', ['Patient', 'Year']);
    expect(ig.header).toEqual(['Patient', 'Year', 'Notes']);
    const leads = await table(outDir, 'leads.csv', ['Lead Date', 'First Name', 'Last Name', 'Source']);
    expect(leads.header).toEqual([
      'Lead Date',
      'First Name',
      'Last Name',
      'Phone',
      'Email',
      'Source',
      'Location',
    ]);
  });

  it('gives most patients a phone and some none, the same on every row of a patient', async () => {
    const { outDir } = await generate({ patients: 1000 });
    const { rows } = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date']);
    const phones = new Map<string, Set<string>>();
    for (const r of rows) phones.set(patientKey(r[0]), (phones.get(patientKey(r[0])) ?? new Set()).add(r[8]));
    expect([...phones.values()].every((s) => s.size === 1)).toBe(true);
    const withPhone = [...phones.values()].filter((s) => [...s][0] !== '').length / phones.size;
    expect(withPhone).toBeGreaterThan(0.75);
    expect(withPhone).toBeLessThan(0.95);
    for (const s of phones.values()) for (const p of s) expect(p).toMatch(/^(\(\d{3}\) 555-01\d\d)?$/);
  });

  it('writes realistic rows: Last, First names with variants, M/D/YYYY dates, $ fees', async () => {
    const { outDir } = await generate({ patients: 1500 });
    const { rows } = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date']);
    const lastFirst = rows.filter((r) => /^[^,]+, \S/.test(r[0])).length;
    expect(lastFirst / rows.length).toBeGreaterThan(0.9);
    // The same patient written another way in a later row.
    const forms = new Map<string, Set<string>>();
    for (const r of rows) forms.set(patientKey(r[0]), (forms.get(patientKey(r[0])) ?? new Set()).add(r[0]));
    expect([...forms.values()].some((s) => [...s].some((n) => !n.includes(',')))).toBe(true);
    for (const r of rows) {
      expect(r[1]).toMatch(/^\d{1,2}\/\d{1,2}\/20\d\d$/);
      expect(r[6]).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
    }
    const codes = new Set(rows.map((r) => r[2]));
    for (const code of [
      'D0150',
      'D9310',
      'FA-PRES-MAX',
      'FA-ACC-MAND',
      'FA-PF-MAX',
      'D0801',
      'D6119',
      'D6115',
      'D1110',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('wins about 40% of consults', async () => {
    const { outDir } = await generate({ patients: 3000 });
    const { rows } = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date']);
    const codesByPatient = new Map<string, Set<string>>();
    for (const r of rows)
      codesByPatient.set(patientKey(r[0]), (codesByPatient.get(patientKey(r[0])) ?? new Set()).add(r[2]));
    let consults = 0;
    let won = 0;
    for (const codes of codesByPatient.values()) {
      if (!codes.has('D0150') && !codes.has('D9310')) continue;
      consults++;
      if (WON_CODES.some((c) => codes.has(c))) won++;
    }
    expect(won / consults).toBeGreaterThan(0.33);
    expect(won / consults).toBeLessThan(0.47);
  });

  it('gives each office its own mix: the first clinic wins far more of its consults than the second', async () => {
    const { outDir } = await generate({});
    const { rows } = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date']);
    // A patient belongs to the clinic of their first consult row; won as in the test above.
    const patients = new Map<string, { clinic: string | null; codes: Set<string> }>();
    for (const r of rows) {
      const p = patients.get(patientKey(r[0])) ?? { clinic: null, codes: new Set<string>() };
      patients.set(patientKey(r[0]), p);
      if (p.clinic === null && (r[2] === 'D0150' || r[2] === 'D9310')) p.clinic = r[7];
      p.codes.add(r[2]);
    }
    const byClinic = new Map<string, { consults: number; won: number; pf: number }>();
    for (const { clinic, codes } of patients.values()) {
      if (clinic === null) continue;
      const s = byClinic.get(clinic) ?? { consults: 0, won: 0, pf: 0 };
      byClinic.set(clinic, s);
      s.consults++;
      if (WON_CODES.some((c) => codes.has(c))) s.won++;
      else if (codes.has('FA-PF-MAX') || codes.has('FA-PF-MAND')) s.pf++;
    }
    expect([...byClinic.keys()].sort()).toEqual(['Lakeside', 'Main Street']);
    const main = byClinic.get('Main Street')!;
    const lake = byClinic.get('Lakeside')!;
    expect(main.consults).toBeGreaterThan(lake.consults);
    expect(main.won / main.consults).toBeGreaterThan(0.42);
    expect(lake.won / lake.consults).toBeLessThan(0.32);
    expect(main.won / main.consults - lake.won / lake.consults).toBeGreaterThan(0.15);
    expect(lake.pf / lake.consults).toBeGreaterThan(main.pf / main.consults);
  });

  it("names the clinic of most future appointments, leaving a few to the patient's", async () => {
    const { outDir } = await generate({ patients: 3000 });
    const report = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date']);
    const clinics = new Set(report.rows.map((r) => r[7]));
    expect([...clinics].sort()).toEqual(['Lakeside', 'Main Street']);
    const { header, rows } = await table(outDir, 'future-scheduled.csv', ['Patient', 'Code']);
    const at = header.indexOf('Location');
    expect(at).toBeGreaterThanOrEqual(0);
    const empty = rows.filter((r) => r[at] === '').length / rows.length;
    expect(empty).toBeGreaterThan(0.04);
    expect(empty).toBeLessThan(0.25);
    for (const r of rows) if (r[at] !== '') expect(clinics).toContain(r[at]);
    expect(new Set(rows.map((r) => r[at]))).toEqual(new Set(['', 'Main Street', 'Lakeside']));
    // The fallback always finds a clinic: each of those patients has a consult in the report.
    const consulted = new Set(
      report.rows.filter((r) => r[2] === 'D0150' || r[2] === 'D9310').map((r) => patientKey(r[0])),
    );
    for (const r of rows) if (r[at] === '') expect(consulted).toContain(patientKey(r[0]));
  });

  it('books future appointments after today, some cancelled and some TBD', async () => {
    const { outDir } = await generate({ patients: 3000 });
    const { rows } = await table(outDir, 'future-scheduled.csv', ['Patient', 'Code']);
    const today = Date.UTC(2026, 10, 1);
    for (const r of rows.filter((row) => row[1] !== '')) {
      const [m, d, y] = r[1].split('/').map(Number);
      expect(Date.UTC(y, m - 1, d)).toBeGreaterThan(today);
    }
    const tbd = rows.filter((r) => r[1] === '').length / rows.length;
    expect(tbd).toBeGreaterThan(0.005);
    expect(tbd).toBeLessThan(0.08);
    const statuses = new Set(rows.map((r) => r[5]));
    for (const s of ['Scheduled', 'Confirmed', 'Cancelled', 'No Show']) expect(statuses).toContain(s);
    const codes = new Set(rows.map((r) => r[2]));
    for (const c of ['D0150', 'D6119', 'D6118', 'D6114', 'D6115']) expect(codes).toContain(c);
  });

  it('scales row counts with the number of patients', async () => {
    const small = await generate({ patients: 500 });
    const large = await generate({ patients: 2000 });
    const ratio = large.result.rows.procedures / small.result.rows.procedures;
    expect(ratio).toBeGreaterThan(3.4);
    expect(ratio).toBeLessThan(4.6);
    const perPatient = large.result.rows.procedures / 2000;
    expect(perPatient).toBeGreaterThan(3);
    expect(perPatient).toBeLessThan(5.5);
    expect(large.result.rows.appointments).toBeGreaterThan(0);
    expect(large.result.rows.ignore).toBeGreaterThan(0);
  });

  it('writes real date and currency cells in XLSX', async () => {
    const { outDir, result } = await generate({ patients: 100, formats: ['csv', 'xlsx'] });
    expect(result.files).toHaveLength(8);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(outDir, 'full-arch-report.xlsx'));
    const sheet = book.worksheets[0];
    expect(sheet.getRow(5).values).toContain('Proc Code');
    expect(sheet.getCell('B6').value).toBeInstanceOf(Date);
    expect(typeof sheet.getCell('G6').value).toBe('number');
    expect(sheet.rowCount).toBe(5 + result.rows.procedures);
  });

  it('writes leads: most consults asked first under their name, some found by phone only, one shared line, many who never came', async () => {
    const { outDir, result } = await generate({});
    const report = await table(outDir, 'full-arch-report.csv', ['Patient', 'Date']);
    const future = await table(outDir, 'future-scheduled.csv', ['Patient', 'Code']);
    const { rows } = await table(outDir, 'leads.csv', ['Lead Date', 'First Name']);
    expect(rows.length).toBe(result.rows.leads);
    const day = (mdy: string) => {
      const [m, d, y] = mdy.split('/').map(Number);
      return Date.UTC(y, m - 1, d) / 86_400_000;
    };
    const digits = (phone: string) => phone.replace(/[^0-9]/g, '').replace(/^1(?=\d{10}$)/, '');
    const phones = new Map<string, Set<string>>();
    const consults = new Map<string, number>();
    for (const r of [...report.rows, ...future.rows]) {
      const key = patientKey(r[0]);
      const phone = r[r.length - 1];
      if (phone) phones.set(digits(phone), (phones.get(digits(phone)) ?? new Set()).add(key));
      else if (!phones.has(key)) phones.set(`none:${key}`, new Set([key]));
    }
    for (const r of report.rows)
      if (r[2] === 'D0150' || r[2] === 'D9310')
        consults.set(patientKey(r[0]), Math.min(consults.get(patientKey(r[0])) ?? Infinity, day(r[1])));
    const patients = new Set([...phones.values()].flatMap((s) => [...s]));
    const lastConsult = Math.max(...consults.values());
    let byPhone = 0;
    let shared = 0;
    let strangers = 0;
    let after = 0;
    const asked = new Set<string>();
    for (const [date, first, last, phone] of rows) {
      const key = patientKey(`${first} ${last}`);
      const owners = phone ? phones.get(digits(phone)) : undefined;
      if (patients.has(key)) {
        if (day(date) <= (consults.get(key) ?? Infinity)) asked.add(key);
      } else if (owners?.size === 1) byPhone++;
      else if (owners && owners.size > 1) shared++;
      else strangers++;
      if (day(date) > lastConsult) after++;
    }
    // Most consults have a lead under their name on or before the consult.
    expect([...consults.keys()].filter((k) => asked.has(k)).length / consults.size).toBeGreaterThan(0.75);
    expect(byPhone).toBeGreaterThanOrEqual(3);
    expect(shared).toBe(1);
    expect(strangers / rows.length).toBeGreaterThan(0.4);
    expect(after).toBeGreaterThanOrEqual(8);
    const sources = new Set(rows.map((r) => r[5]));
    for (const s of ['Facebook Ads', 'Google Ads', 'Radio', 'TV', 'Seminar', 'Referral', 'Website', ''])
      expect(sources).toContain(s);
  });

  it('tops the leads up to the number asked for, with patients asking again', async () => {
    const { result } = await generate({ patients: 300, leads: 2000 });
    expect(result.rows.leads).toBe(2000);
    await expect(generate({ patients: 300, leads: 10 })).rejects.toThrow(/leads must be at least/);
  });

  it('refuses .xls for sets too large for the format', async () => {
    await expect(generate({ patients: 100_000, formats: ['xls'] })).rejects.toThrow(/65536/);
  });
});
