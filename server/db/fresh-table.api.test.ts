import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { initializeIfEmpty } from '../config/service';
import { openTestDb } from '../test/harness';
import { importFile } from '../uploads/service';
import type { Db } from './client';
import { freshTable, swapIn } from './fresh-table';
import { migrate } from './migrate';

// A replacing Full Arch Report fills new procedures, patients and scoresheet tables and puts them
// in the old ones' places (fresh-table.ts). What the migrations made of those tables must be what
// is there after, and a reader of two of them must never deadlock with the swap.

const REBUILT = ['procedures', 'patients', 'scoresheet'];
const actor = { id: null, username: 'test', ip: '127.0.0.1' };

let db: Db;
let drop: () => Promise<void>;
let url: string | undefined;
let dir: string;

beforeAll(async () => {
  ({ db, drop, url } = await openTestDb());
  await migrate(db);
  await initializeIfEmpty(db);
  dir = mkdtempSync(join(tmpdir(), 'fat-fresh-'));
});
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

function report(name: string, rows: number, extra = ''): string {
  const lines = ['Patient,Date,Code,Provider,Fee,Location'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `"Patient ${i % 997}, A",3/${(i % 28) + 1}/2026,${i % 3 ? 'D0150' : 'D6010'},Dr. Lee,100,Main`,
    );
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n${extra}`);
  return path;
}

const replaceWith = (path: string) =>
  importFile(db, actor, 'raw-data', { path, fileName: 'report.csv' }, true);

/** Each rebuilt table's columns, indexes, constraints and sequence, as the catalog says. */
async function definitions(tables = REBUILT) {
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_name = ANY($1) ORDER BY table_name, ordinal_position`,
    [tables],
  );
  const indexes = await db.query(
    'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) ORDER BY indexname',
    [tables],
  );
  const constraints = await db.query(
    `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = ANY(SELECT oid FROM pg_class WHERE relname = ANY($1)) ORDER BY conname`,
    [tables],
  );
  const [sequence] = await db.query("SELECT pg_get_serial_sequence($1, 'id') AS owned", [tables[0]]);
  return { columns, indexes, constraints, sequence };
}

const leftOver = () => db.query("SELECT relname FROM pg_class WHERE relname LIKE '%\\_\\_next%'");
const count = async (table: string) =>
  Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

describe('a replacing Full Arch Report', () => {
  it('leaves the tables it rebuilt as the migrations made them, the ids going on from the last', async () => {
    const before = await definitions();
    await replaceWith(report('first.csv', 120));
    const [{ last }] = await db.query<{ last: number }>('SELECT max(id)::int AS last FROM procedures');
    await replaceWith(report('second.csv', 80));
    expect(await definitions()).toEqual(before);
    expect(await leftOver()).toEqual([]);
    expect(await count('procedures')).toBe(80);
    const [{ first }] = await db.query<{ first: number }>('SELECT min(id)::int AS first FROM procedures');
    expect(first).toBeGreaterThan(last);
    expect(await count('patients')).toBe(80);
  });

  it('that fails part-way leaves the old tables, and no new ones', async () => {
    await replaceWith(report('good.csv', 50));
    // Past the first batch (read before anything is stored), a NUL refuses the file.
    const broken = report('broken.csv', 12_000, '"Bad\u0000Name",3/1/2026,D0150,Dr. Lee,1,Main\n');
    await expect(replaceWith(broken)).rejects.toMatchObject({ status: 422 });
    expect(await count('procedures')).toBe(50);
    expect(await count('patients')).toBe(50);
    expect(await leftOver()).toEqual([]);
  });

  it('empties and fills in place a table a view reads', async () => {
    await db.query('CREATE VIEW procedure_count AS SELECT count(*)::int AS n FROM procedures');
    try {
      const [{ oid }] = await db.query<{ oid: number }>("SELECT 'procedures'::regclass::oid AS oid");
      await replaceWith(report('viewed.csv', 30));
      const [{ n }] = await db.query<{ n: number }>('SELECT n FROM procedure_count');
      expect(n).toBe(30);
      const [after] = await db.query<{ oid: number }>("SELECT 'procedures'::regclass::oid AS oid");
      expect(after.oid).toBe(oid);
    } finally {
      await db.query('DROP VIEW procedure_count');
    }
  });
});

// Two connections at once: only a PostgreSQL server has them.
describe.runIf(process.env.TEST_DATABASE_URL)('the swap', () => {
  it('lets a reader that holds one table and wants another finish, then swaps', async () => {
    await replaceWith(report('both.csv', 40));
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM scoresheet');
      const swapping = db.transaction(async (tx) => {
        const patients = await freshTable(tx, 'patients');
        const scoresheet = await freshTable(tx, 'scoresheet');
        await tx.query(`INSERT INTO ${patients?.name} SELECT * FROM patients`);
        await tx.query(`INSERT INTO ${scoresheet?.name} SELECT * FROM scoresheet`);
        await swapIn(tx, [patients, scoresheet]);
      });
      // The swap now waits for the scoresheet the reader holds; a swap that held the patients
      // meanwhile would make the reader's next statement a deadlock.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows } = await reader.query('SELECT count(*)::int AS n FROM patients');
      expect(rows[0].n).toBe(40);
      await reader.query('COMMIT');
      await swapping;
      expect(await count('patients')).toBe(40);
      expect(await leftOver()).toEqual([]);
    } finally {
      await reader.end();
    }
  });
});

// Last: the leads leave people known only from leads among the patients.
describe('a Leads file that replaces the leads', () => {
  it('leaves the leads and their people as the migrations made them, some indexes kept as read', async () => {
    const tables = ['leads', 'lead_people'];
    const before = await definitions(tables);
    const path = join(dir, 'leads.csv');
    const lines = ['Lead Date,First Name,Last Name,Phone,Source'];
    for (let i = 0; i < 300; i++)
      lines.push(`3/${(i % 28) + 1}/2026,Pat,Lead ${i % 120},210-555-${1000 + i},TV`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    for (let n = 0; n < 2; n++) await importFile(db, actor, 'leads', { path, fileName: 'leads.csv' }, true);
    expect(await definitions(tables)).toEqual(before);
    expect(await leftOver()).toEqual([]);
    expect(await count('leads')).toBe(300);
  });

  it('builds an index named to be filled through before the rows come', async () => {
    const rolledBack = db.transaction(async (tx) => {
      const fresh = await freshTable(tx, 'leads', ['leads_person_key']);
      const built = await tx.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'leads__next' ORDER BY indexname",
      );
      expect(built.map((i) => i.indexname)).toEqual(['leads_person_key__next', 'leads_pkey__next']);
      await fresh?.index();
      const all = await tx.query("SELECT FROM pg_indexes WHERE tablename = 'leads__next'");
      expect(all).toHaveLength(4);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await leftOver()).toEqual([]);
  });
});
