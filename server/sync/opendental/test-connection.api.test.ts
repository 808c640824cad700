// POST /api/sync/opendental/test against a real MariaDB holding an Open Dental database: the
// saved connection is opened with its decrypted password, the typed one before it is saved, and
// a refused password is answered in words that never hold it.

import type { Connection } from 'mysql2/promise';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';
import { type MariaDb, newOpenDentalDatabase, useMariaDb } from '../../test/mariadb';
import type { OdConnection } from './connection';

let server: MariaDb;
let admin: Connection;
let conn: OdConnection;
let t: TestContext;
let token: string;
const logLines: string[] = [];
const answers: string[] = [];

async function call(method: 'PUT' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, payload, headers: bearer(token) });
  answers.push(res.body);
  return res;
}

beforeAll(async () => {
  server = await useMariaDb();
  ({ admin, conn } = await newOpenDentalDatabase(server));
  // One full-arch patient (D6114, mapped below) and one routine one.
  await admin.query(`
    INSERT INTO provider (ProvNum, Abbr) VALUES (1, 'DOC1');
    INSERT INTO procedurecode (CodeNum, ProcCode, Descript) VALUES (1, 'D6114', 'Fixed denture'), (2, 'D0120', 'Exam');
    INSERT INTO patient (PatNum, LName, FName) VALUES (1, 'Arch', 'Anna'), (2, 'Routine', 'Rita');
    INSERT INTO appointment (AptNum, PatNum, AptStatus, AptDateTime) VALUES (1, 1, 1, '2026-12-01 09:00:00');
    INSERT INTO procedurelog (ProcNum, PatNum, CodeNum, ProcStatus, ProcDate, ProvNum, AptNum) VALUES
      (1, 1, 1, 2, '2025-01-02', 1, 0), (2, 1, 2, 2, '2025-01-03', 1, 0), (3, 2, 2, 2, '2025-01-04', 1, 0),
      (4, 1, 1, 1, '0001-01-01', 1, 1);
  `);
  t = await createTestContext({}, { logLines });
  token = await t.login('admin', ADMIN_PASSWORD);
  // D6114 is mapped, so Anna's two complete procedures and her planned one are read.
  await t.app.inject({
    method: 'POST',
    url: '/api/config/code-mappings',
    payload: { proc_code: 'D6114', label: 'Arch', value: null },
    headers: bearer(token),
  });
}, 60_000);

afterAll(async () => {
  await admin?.end();
  await t?.close();
  await server?.stop();
});

const saveWith = (password: string) =>
  call('PUT', '/api/sync/opendental', {
    host: conn.host,
    port: conn.port,
    database: conn.database,
    user: conn.user,
    password,
    schedule: 'off',
  });

it('connects with the saved settings and answers the server version and the counts', async () => {
  expect((await saveWith(conn.password)).statusCode).toBe(200);
  const res = await call('POST', '/api/sync/opendental/test');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, procedures: 2, appointments: 1 });
  expect(body.server_version).toMatch(/MariaDB/);
});

it('tests the settings as typed, before saving them: a blank password is the saved one', async () => {
  const wrong = 'Wrong-Password-2b7e';
  expect((await saveWith(wrong)).statusCode).toBe(200);
  const typed = { host: conn.host, port: String(conn.port), database: conn.database, user: conn.user };
  const right = await call('POST', '/api/sync/opendental/test', { ...typed, password: conn.password });
  expect(right.statusCode, right.body).toBe(200);
  expect(right.json()).toMatchObject({ success: true, procedures: 2, appointments: 1 });
  const blank = await call('POST', '/api/sync/opendental/test', { ...typed, password: '' });
  expect(blank.statusCode).toBe(502);
  expect(blank.json().error).toMatch(/refused the user/);
  for (const text of [...answers, ...logLines]) {
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(conn.password);
  }
});

it('answers a refused password with 502 in words, never the password', async () => {
  const wrong = 'Wrong-Password-94c1';
  expect((await saveWith(wrong)).statusCode).toBe(200);
  const res = await call('POST', '/api/sync/opendental/test');
  expect(res.statusCode).toBe(502);
  expect(res.json().error).toMatch(/refused the user .*check the user name and password/);
  for (const text of [...answers, ...logLines]) {
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(conn.password);
  }
});
