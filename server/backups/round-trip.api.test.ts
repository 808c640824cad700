import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { totpCode } from '../auth/totp';
import type { Db } from '../db/client';
import { bearer, createTestContext, openTestDb, type TestContext } from '../test/harness';
import { BackupFileError, restoreBackup, rowsHeld, verifyBackup } from '.';
import { listTables } from './tables';

// A practice's every table, backed up through the API and restored into an empty database on the
// same kind of server, compared row by row (docs/behaviour.md section 21).

let t: TestContext;
let admin: string;
let dir: string;
let file: string;
const key = () => readFileSync(join(t.env.dataDir, 'backup.key'), 'utf8').trim();
const keyBytes = () => Buffer.from(key(), 'hex');
const each = (n: number) => Array.from({ length: 12 }, () => n);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-backups-'));
  t = await createTestContext({ BACKUP_DIR: dir });
  admin = await t.login('admin', 'admin-pass');
  const call = (method: 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });
  expect((await call('POST', '/api/import/sample-data')).statusCode).toBe(200);
  const [patient] = await t.db.query<{ name: string }>(
    'SELECT patient_name AS name FROM patients ORDER BY patient_key LIMIT 1',
  );
  const logged = await call('POST', '/api/patient/activity', {
    patient_name: patient.name,
    kind: 'note',
    date: '2026-06-02',
    note: 'Asked about financing; call back after "payday"\nsecond line\twith a tab',
  });
  expect(logged.statusCode, logged.body).toBe(201);
  const goals = await call('PUT', '/api/config/goals', {
    year: 2026,
    goals: [{ provider: 'Dr Adams', metric: 'arch_value', months: each(12000.25) }],
  });
  expect(goals.statusCode, goals.body).toBe(200);
  const spend = await call('PUT', '/api/config/marketing-spend', {
    year: 2026,
    spend: [{ source: 'Google Ads', months: each(1000) }],
  });
  expect(spend.statusCode, spend.body).toBe(200);
  // A manager with an authenticator app and recovery codes.
  await t.createUser('mfa.manager', 'manager');
  const token = await t.login('mfa.manager', 'secret123');
  const setup = (await call('POST', '/api/auth/mfa/totp/setup', undefined, token)).json();
  const confirmed = await call(
    'POST',
    '/api/auth/mfa/totp/confirm',
    { code: totpCode(setup.secret, Date.now()) },
    token,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const made = await call('POST', '/api/admin/backups');
  expect(made.statusCode, made.body).toBe(200);
  file = join(dir, made.json().backup.file);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every table's rows as text, in a stable order, to compare two databases exactly. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { name } of await listTables(db)) {
    const rows = await db.query<{ r: string }>(`SELECT t::text AS r FROM ${name} t`);
    out[name] = rows.map((r) => r.r).sort();
  }
  return out;
}

describe('a backup restored into an empty database', () => {
  it('holds every table row by row as it was, and the product starts on it', async () => {
    const target = await openTestDb();
    try {
      const original = await everyRow(t.db);
      // What exists nowhere but here is in it: case work, goals, spend, a second factor.
      for (const table of [
        'patient_activities',
        'goals',
        'marketing_spend',
        'user_totp',
        'recovery_codes',
        'leads',
      ])
        expect(original[table]?.length, table).toBeGreaterThan(0);
      const summary = await restoreBackup(target.db, file, keyBytes());
      const restored = await everyRow(target.db);
      // The backup's own record and audit row came after its moment.
      for (const table of ['backup_runs', 'audit_log', 'job_claims'])
        restored[table] = restored[table].filter((r) => original[table].includes(r));
      original.backup_runs = [];
      original.audit_log = original.audit_log.filter((r) => !r.includes('backup_made'));
      original.job_claims = original.job_claims.filter(
        (r) => !r.includes('"backup"') && !r.startsWith('(backup,'),
      );
      expect(restored).toEqual(original);
      expect(summary.counts.procedures).toBe(original.procedures.length);
      // New ids carry on after the restored ones.
      const [ids] = await target.db.query<{ next: number; max: number }>(
        `SELECT nextval('audit_log_id_seq')::int AS next, (SELECT max(id)::int FROM audit_log) AS max`,
      );
      expect(ids.next).toBeGreaterThan(ids.max);
    } finally {
      await target.drop();
    }
  });

  it('refuses a database that is not empty, naming what it holds, and changes nothing', async () => {
    const target = await openTestDb();
    try {
      await restoreBackup(target.db, file, keyBytes());
      await target.db.query(`DELETE FROM goals`);
      const before = await rowsHeld(target.db);
      await expect(restoreBackup(target.db, file, keyBytes())).rejects.toThrow(
        /^The target database is not empty \(.* rows in procedures.*\): restore into an empty DATA_DIR or database, or add --force to replace everything in it$/,
      );
      expect(await rowsHeld(target.db)).toEqual(before);
      // --force replaces it whole.
      await restoreBackup(target.db, file, keyBytes(), { force: true });
      expect((await rowsHeld(target.db)).goals).toBe(1);
    } finally {
      await target.drop();
    }
  });
});

describe('a file that cannot be restored', () => {
  const copyWith = (change: (bytes: Buffer) => Buffer) => {
    const path = join(dir, `changed-${Math.random().toString(36).slice(2)}.fab`);
    writeFileSync(path, change(readFileSync(file)));
    return path;
  };

  it.each([
    [
      'a flipped byte',
      (b: Buffer) => Buffer.from(b.map((v, i) => (i === Math.floor(b.length / 2) ? v ^ 1 : v))),
      'damaged',
      /is damaged: its checksum does not match its content$/,
    ],
    [
      'a cut file',
      (b: Buffer) => b.subarray(0, b.length - 100),
      'damaged',
      /is damaged: it is cut short or its end was changed$/,
    ],
    [
      'another file',
      () => Buffer.from('Patient,Date\nAnn,1/1/2026\n'),
      'not_backup',
      /is not a Full Arch Tracker backup$/,
    ],
  ])('is refused for %s with one line, before anything changes', async (_, change, reason, words) => {
    const target = await openTestDb();
    try {
      const path = copyWith(change);
      const refusal = await restoreBackup(target.db, path, keyBytes()).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(BackupFileError);
      expect((refusal as BackupFileError).reason).toBe(reason);
      expect((refusal as Error).message).toMatch(words);
      expect(await listTables(target.db)).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it('is refused when the key is not the one it was sealed with', async () => {
    const other = Buffer.alloc(32, 7);
    await expect(verifyBackup(file, other)).rejects.toThrow(/was sealed with another key: set BACKUP_KEY/);
  });

  it('is refused when a newer version of the product made it', async () => {
    const path = copyWith((b) => {
      const length = b.readUInt32BE(8);
      const header = JSON.parse(b.subarray(12, 12 + length).toString());
      const newer = Buffer.from(JSON.stringify({ ...header, migrations: 999, app_version: '9.0.0' }));
      const head = Buffer.alloc(12);
      b.copy(head, 0, 0, 8);
      head.writeUInt32BE(newer.length, 8);
      // The checksum is made again, as a newer version would have written it.
      const body = Buffer.concat([head, newer, b.subarray(12 + length, b.length - 32)]);
      return Buffer.concat([body, createHash('sha256').update(body).digest()]);
    });
    await expect(verifyBackup(path, keyBytes())).rejects.toThrow(
      /was made by a newer version of Full Arch Tracker \(9\.0\.0, schema 999; this one has schema \d+\): update it first$/,
    );
  });

  it('leaves only whole backups under a backup name', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});
