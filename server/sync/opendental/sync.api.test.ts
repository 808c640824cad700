// A sync stores what it reads as two replacing imports in one transaction (docs/behaviour.md
// section 18): a read that fails part-way changes nothing, and a sync waits for an import that runs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { DEFAULT_OPTIONS, generateSamples } from '../../../scripts/sample-data/index';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';
import { type MariaDb, newOpenDentalDatabase, useMariaDb } from '../../test/mariadb';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { importFile } from '../../uploads/service';
import { runSync } from './apply';
import type { OdConnection } from './connection';

const SAMPLES = new URL('../../../samples/', import.meta.url).pathname;
const ACTOR = { id: null, username: 'test' };

let server: MariaDb;
let admin: Connection;
let conn: OdConnection;
let drop: () => Promise<void>;
let t: TestContext;
let token: string;

beforeAll(async () => {
  server = await useMariaDb();
  ({ admin, conn, drop } = await newOpenDentalDatabase(server));
  // A practice large enough that its procedures take many packets to send.
  const outDir = mkdtempSync(join(tmpdir(), 'fat-od-sync-'));
  try {
    await generateSamples({ ...DEFAULT_OPTIONS, patients: 3000, outDir, formats: [], openDental: admin });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await drop?.();
  await server?.stop();
});

async function state() {
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json() as unknown;
  return {
    scoresheet: await get('/api/scoresheet'),
    summary: await get('/api/dashboard/summary?year=2025'),
    history: await get('/api/import/history'),
    counts: await t.db.query(
      'SELECT (SELECT count(*) FROM procedures)::int AS p, (SELECT count(*) FROM future_appointments)::int AS f',
    ),
  };
}

async function importSamples() {
  for (const [kind, name] of [
    ['raw-data', 'full-arch-report.csv'],
    ['future-scheduled', 'future-scheduled.csv'],
  ] as const)
    await importFile(t.db, ACTOR, kind, { path: join(SAMPLES, name), fileName: name }, true);
}

describe('a sync', () => {
  let proxy: TcpProxy;
  afterEach(async () => {
    await proxy?.close();
  });

  it('whose connection is lost part-way changes nothing', async () => {
    await importSamples();
    const before = await state();
    const url = new URL(`mysql://${conn.host}:${conn.port}`);
    proxy = await startTcpProxy(url.hostname, Number(url.port));
    proxy.cutAfter(300_000);
    await expect(
      runSync(t.db, ACTOR, { ...conn, host: '127.0.0.1', port: proxy.port }),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect(await state()).toEqual(before);
  });

  it('replaces both reports and is listed in the import history as an Open Dental sync', async () => {
    const answer = await runSync(t.db, ACTOR, conn);
    expect(answer.full_arch).toBeGreaterThan(5000);
    expect(answer.records_imported).toBe(answer.full_arch + answer.future);
    const after = await state();
    expect(after.counts).toEqual([{ p: answer.full_arch, f: answer.future }]);
    const { imports } = after.history as {
      imports: { kind: string; file_name: string; rows_imported: number }[];
    };
    expect(imports[0]).toMatchObject({
      kind: 'opendental-sync',
      file_name: 'Open Dental',
      rows_imported: answer.records_imported,
    });
  });

  it('that starts while an import runs waits for it, then replaces what it stored', async () => {
    let syncing: Promise<{ full_arch: number; at: number }> | null = null;
    const name = 'full-arch-report.csv';
    await importFile(t.db, ACTOR, 'raw-data', { path: join(SAMPLES, name), fileName: name }, true, {
      precondition: async () => {
        // The import holds the data-change lock from here to its commit.
        syncing = runSync(t.db, ACTOR, conn).then((a) => ({ ...a, at: performance.now() }));
        await new Promise((resolve) => setTimeout(resolve, 200));
      },
    });
    const imported = performance.now();
    const answer = await (syncing as unknown as Promise<{ full_arch: number; at: number }>);
    expect(answer.at).toBeGreaterThan(imported);
    const { imports } = (await state()).history as { imports: { kind: string }[] };
    expect(imports.slice(0, 2).map((i) => i.kind)).toEqual(['opendental-sync', 'raw-data']);
    const [counts] = await t.db.query<{ p: number }>('SELECT count(*)::int AS p FROM procedures');
    expect(counts.p).toBe(answer.full_arch);
  });
});
