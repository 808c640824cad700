import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeIfEmpty } from '../config/service';
import type { Db } from '../db/client';
import { migrate } from '../db/migrate';
import { openTestDb } from '../test/harness';
import { importFile } from '../uploads/service';
import { recalculateScoresheet, refreshLocations, refreshPatients } from './recalculate';

// A Full Arch Report that replaces every procedure rebuilds the patients, offices and scoresheet
// from what it saw as its rows went by (ProcedureDigest); every other change reads the tables
// back. Both must give the same tables, to the letter: here a file full of the cases where they
// could part (a name or office spelled two ways, a provider-giving row that names no office,
// patients and offices only the other lists know) is imported, then rebuilt the other way.

const NAMES = [
  'Smith, John',
  'JOHN SMITH',
  'Mary  Jones',
  'mary jones',
  'Ng, Al',
  'Zoë Brontë',
  'Carl Ignored',
];
const OFFICES = ['Main Street', 'MAIN STREET', 'main street ', 'Elm', 'elm', '', 'Oak Park'];
const CODES = [
  'D0150',
  'D9310',
  'FA-PRES-MAX',
  'FA-ACC-MAX',
  'FA-PF-MAND',
  'D6119',
  'D6114',
  'D0801',
  'D1110',
];
const PROVIDERS = ['Dr. Adams', 'Dr. Baker', 'Dr.  Chen'];
// Empty and blank phones must not hide an earlier one; the last given wins.
const PHONES = ['555-0101', ' 555-0102 ', '', '   ', '(555) 0103'];

/** A small deterministic generator, so a failure can be run again. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function report(seed: number, rows: number): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const lines = ['Patient,Date,Code,Provider,Description,Amount,Location,Phone'];
  for (let i = 0; i < rows; i++) {
    const day = 1 + Math.floor(next() * 28);
    const month = 1 + Math.floor(next() * 12);
    lines.push(
      [
        `"${pick(NAMES)}"`,
        `${month}/${day}/2026`,
        pick(CODES),
        pick(PROVIDERS),
        'x',
        '100',
        pick(OFFICES),
        `"${pick(PHONES)}"`,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const FUTURE = `Patient Name,Appointment Date,Proc Code,Doctor,Desc,Appt Status,Location,Cell Phone
"Future, Only",3/4/2027,D6119,Dr. Adams,Temp upper,Scheduled,Future Office,555-0200
"john smith",3/5/2027,D6118,Dr. Adams,Temp lower,Scheduled,ELM,555-0201
"mary jones",3/6/2027,D6118,Dr. Adams,Temp lower,Scheduled,ELM,
`;
const IGNORE = `Patient,Year,Notes
"Ignored, Only",2026,x
"Carl Ignored",2026,x
`;

async function tables(db: Db) {
  return {
    patients: await db.query('SELECT * FROM patients ORDER BY patient_key'),
    locations: await db.query('SELECT * FROM locations ORDER BY location_key'),
    scoresheet: await db.query('SELECT * FROM scoresheet ORDER BY patient_key'),
  };
}

let db: Db;
let drop: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
  await initializeIfEmpty(db);
  dir = mkdtempSync(join(tmpdir(), 'fat-digest-'));
});
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

async function importText(
  kind: 'raw-data' | 'future-scheduled' | 'ignore-list',
  text: string,
  replace: boolean,
) {
  const path = join(dir, `${kind}.csv`);
  writeFileSync(path, text);
  return importFile(
    db,
    { id: null, username: 'test', ip: '127.0.0.1' },
    kind,
    { path, fileName: `${kind}.csv` },
    replace,
  );
}

describe('a replacing Full Arch Report import', () => {
  it.each([1, 2, 3])(
    'rebuilds patients, offices and scoresheet exactly as reading the tables back does (seed %i)',
    async (seed) => {
      await importText('future-scheduled', FUTURE, true);
      await importText('ignore-list', IGNORE, true);
      // Small batches are not needed: the names and offices repeat within and across batches alike.
      await importText('raw-data', report(seed, 400), true);
      const fromDigest = await tables(db);
      expect(fromDigest.scoresheet.length).toBeGreaterThan(3);
      expect(fromDigest.patients.map((p) => p.patient_key)).toEqual(
        expect.arrayContaining(['only future', 'only ignored', 'john smith']),
      );
      // An appointment's phone comes after every procedure's; an empty one hides nothing.
      const phoneOf = (key: string) => fromDigest.patients.find((p) => p.patient_key === key)?.phone;
      expect(phoneOf('john smith')).toBe('555-0201');
      expect(phoneOf('only ignored')).toBeNull();
      expect(['555-0101', '555-0102', '(555) 0103']).toContain(phoneOf('mary jones'));
      await db.transaction(async (tx) => {
        await refreshPatients(tx);
        await refreshLocations(tx);
        await recalculateScoresheet(tx);
      });
      expect(await tables(db)).toEqual(fromDigest);
    },
  );

  it('after an added file, the tables are read back as before', async () => {
    await importText('raw-data', report(4, 100), true);
    await importText('raw-data', report(5, 100), false);
    const added = await tables(db);
    await db.transaction(async (tx) => {
      await refreshPatients(tx);
      await refreshLocations(tx);
      await recalculateScoresheet(tx);
    });
    expect(await tables(db)).toEqual(added);
  });
});
