import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../db/lock';
import { loadEnv } from '../platform/env';
import { bearer, createTestContext, openTestDb, type TestContext } from '../test/harness';
import { runRestore } from '.';

// `npm run restore -- FILE [--check] [--force]` as a person at the console meets it: its lines and
// exit codes, into a new data folder (or a new database on a PostgreSQL server), and each refusal
// one line with nothing changed.

const KEY = '12'.repeat(32);
let t: TestContext;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-restore-command-'));
  t = await createTestContext({ BACKUP_DIR: join(dir, 'backups'), BACKUP_KEY: KEY });
  const admin = await t.login('admin', 'admin-pass');
  await t.app.inject({ method: 'POST', url: '/api/import/sample-data', headers: bearer(admin) });
  const made = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(admin) });
  file = join(dir, 'backups', made.json().backup.file);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command with these settings; answers its exit code and what it printed. */
async function run(argv: string[], settings: Record<string, string>) {
  const lines: string[] = [];
  const code = await runRestore(argv, loadEnv({ LOG_LEVEL: 'silent', ...settings }), (l) => lines.push(l));
  return { code, lines };
}
const folder = () => mkdtempSync(join(dir, 'data-'));

describe('npm run restore', () => {
  it.each([
    [[], 'Name one backup file. Use: npm run restore -- FILE [--check] [--force]'],
    [['a.fab', 'b.fab'], 'Name one backup file. Use: npm run restore -- FILE [--check] [--force]'],
    [['a.fab', '--fast'], 'Unknown option --fast. Use: npm run restore -- FILE [--check] [--force]'],
  ])('refuses %j with its use', async (argv, line) => {
    expect(await run(argv, { DATA_DIR: folder(), BACKUP_KEY: KEY })).toEqual({ code: 1, lines: [line] });
  });

  it('refuses a file that is not there, and a missing key, in one line each', async () => {
    expect(await run([join(dir, 'none.fab')], { DATA_DIR: folder(), BACKUP_KEY: KEY })).toEqual({
      code: 1,
      lines: [`No file at ${join(dir, 'none.fab')}`],
    });
    const empty = folder();
    expect(await run([file], { DATA_DIR: empty })).toEqual({
      code: 1,
      lines: [
        `No backup key: set BACKUP_KEY to the key the backup was made with, or put its backup.key at ${join(empty, 'backup.key')}`,
      ],
    });
  });

  it('--check reads it whole and prints the rows of each table, touching no database', async () => {
    const data = folder();
    const { code, lines } = await run([file, '--check'], { DATA_DIR: data, BACKUP_KEY: KEY });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${file.replaceAll('.', '\\.')} is whole and readable \\(made \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC by version \\d+\\.\\d+\\.\\d+\\):$`,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}procedures +1,805$/));
    expect(lines.at(-1)).toMatch(/^ {2}total +[\d,]+ rows in \d+ tables$/);
    expect(existsSync(join(data, 'pg'))).toBe(false);
  });

  it('restores into a new data folder, then refuses it as not empty, and a folder a server holds', async () => {
    const data = folder();
    const done = await run([file], { DATA_DIR: data, BACKUP_KEY: KEY });
    expect(done.code, done.lines.join('\n')).toBe(0);
    expect(done.lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Restored ${file.replaceAll('.', '\\.')} \\(made .* UTC by version .*\\) into DATA_DIR ${data}: [\\d,]+ rows in \\d+ tables\\. Start the server with npm start\\.$`,
        ),
      ),
    ]);
    const again = await run([file], { DATA_DIR: data, BACKUP_KEY: KEY });
    expect(again.code).toBe(1);
    expect(again.lines[0]).toMatch(/^The target database is not empty \(2,047 rows in mapping_values, /);
    const release = await lockDataDir(data);
    try {
      const held = await run([file, '--force'], { DATA_DIR: data, BACKUP_KEY: KEY });
      expect(held).toEqual({
        code: 1,
        lines: [
          expect.stringMatching(
            /^The data folder .* is in use by another running server \(pid \d+\); stop it first or set DATA_DIR\.$/,
          ),
        ],
      });
    } finally {
      await release();
    }
    expect((await run([file, '--force'], { DATA_DIR: data, BACKUP_KEY: KEY })).code).toBe(0);
  }, 60_000);

  it('leaves a new data folder without a database when the file is damaged', async () => {
    const data = folder();
    const damaged = join(dir, 'damaged.fab');
    const bytes = readFileSync(file);
    bytes[200] ^= 1;
    writeFileSync(damaged, bytes);
    expect(await run([damaged], { DATA_DIR: data, BACKUP_KEY: KEY })).toEqual({
      code: 1,
      lines: [`${damaged} is damaged: its checksum does not match its content`],
    });
    expect(existsSync(join(data, 'pg'))).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'restores into an empty database on a PostgreSQL server',
    async () => {
      const target = await openTestDb();
      try {
        const done = await run([file], {
          DATA_DIR: folder(),
          BACKUP_KEY: KEY,
          DATABASE_URL: target.url as string,
        });
        expect(done.code, done.lines.join('\n')).toBe(0);
        expect(done.lines[0]).toMatch(/into the database at 127\.0\.0\.1:\d+\/fat_test_\w+: /);
        const [{ n }] = await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM procedures');
        expect(n).toBe(1805);
      } finally {
        await target.drop();
      }
    },
  );
});
