// A sync lists the procedure codes it read that have no code mapping, as a file import does
// (docs/behaviour.md sections 2 and 18): in its answer, and in the last sync of the status that
// everyone sees, so a scheduled sync's list is shown too.

import type { Connection } from 'mysql2/promise';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';
import { type MariaDb, newOpenDentalDatabase, useMariaDb } from '../../test/mariadb';
import type { OdConnection } from './connection';

let server: MariaDb;
let admin: Connection;
let conn: OdConnection;
let drop: () => Promise<void>;
let t: TestContext;
let token: string;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

beforeAll(async () => {
  server = await useMariaDb();
  ({ admin, conn, drop } = await newOpenDentalDatabase(server));
  // Anna's case (D6114, mapped below) with an exam twice and a denture try-in of no mapping.
  await admin.query(`
    INSERT INTO provider (ProvNum, Abbr) VALUES (1, 'DOC1');
    INSERT INTO procedurecode (CodeNum, ProcCode, Descript) VALUES
      (1, 'D6114', 'Fixed denture'), (2, 'D0120', 'Exam'), (3, 'D5999', 'Try-in');
    INSERT INTO patient (PatNum, LName, FName) VALUES (1, 'Arch', 'Anna');
    INSERT INTO appointment (AptNum, PatNum, AptStatus, AptDateTime) VALUES (1, 1, 1, '2026-12-01 09:00:00');
    INSERT INTO procedurelog (ProcNum, PatNum, CodeNum, ProcStatus, ProcDate, ProvNum, AptNum) VALUES
      (1, 1, 1, 2, '2025-01-02', 1, 0), (2, 1, 2, 2, '2025-01-03', 1, 0), (3, 1, 2, 2, '2025-03-04', 1, 0),
      (4, 1, 3, 1, '0001-01-01', 1, 1);
  `);
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
  await call('POST', '/api/config/code-mappings', { proc_code: 'D6114', label: 'Arch', value: null });
  const saved = await call('PUT', '/api/sync/opendental', { ...conn, port: conn.port, schedule: 'off' });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await drop?.();
  await server?.stop();
});

it('answers the unmapped codes of both reports, the most used first, and keeps them as the last sync', async () => {
  const res = await call('POST', '/api/sync/opendental/run');
  expect(res.statusCode, res.body).toBe(200);
  const unmapped = [
    { code: 'D0120', count: 2 },
    { code: 'D5999', count: 1 },
  ];
  expect(res.json().unmapped_codes).toEqual(unmapped);
  const status = (await call('GET', '/api/sync/opendental/status')).json();
  expect(status.last_sync).toMatchObject({ ok: true, records_imported: 4, unmapped_codes: unmapped });
  expect((await call('GET', '/api/sync/opendental')).json().last_sync.unmapped_codes).toEqual(unmapped);
});

it('keeps none for a sync that failed', async () => {
  await call('PUT', '/api/sync/opendental', { ...conn, password: 'not-it', schedule: 'off' });
  expect((await call('POST', '/api/sync/opendental/run')).statusCode).toBe(502);
  const status = (await call('GET', '/api/sync/opendental/status')).json();
  expect(status.last_sync).toMatchObject({ ok: false, unmapped_codes: [] });
});
