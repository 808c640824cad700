// Connecting to Open Dental, its failures in words, the schema check, the counts of a probe, and
// a server that stops answering or goes away part-way through a read.

import { createServer, type Socket } from 'node:net';
import type { Connection } from 'mysql2/promise';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDentalEachTest } from '../../test/mariadb';
import { startTcpProxy } from '../../test/tcp-proxy';
import { type OdConnection, parseOpendentalUrl, probe, SyncError } from './connection';
import { readOpenDental } from './reader';

const MAPPED = new Set(['D6114']);

let admin: Connection;
let conn: OdConnection;
openDentalEachTest((od) => {
  ({ admin, conn } = od);
});
beforeEach(async () => {
  await admin.query(`
    INSERT INTO provider (ProvNum, Abbr) VALUES (1, 'DOC1');
    INSERT INTO procedurecode (CodeNum, ProcCode, Descript) VALUES (1, 'D6114', 'Fixed denture'), (2, 'D0120', 'Exam');
    INSERT INTO patient (PatNum, LName, FName) VALUES (1, 'Arch', 'Anna'), (2, 'Routine', 'Rita');
    INSERT INTO appointment (AptNum, PatNum, AptStatus, AptDateTime) VALUES (1, 1, 1, '2026-12-01 09:00:00');
    INSERT INTO procedurelog (ProcNum, PatNum, CodeNum, ProcStatus, ProcDate, ProvNum, AptNum) VALUES
      (1, 1, 1, 2, '2025-01-02', 1, 0), (2, 1, 2, 2, '2025-01-03', 1, 0), (3, 2, 2, 2, '2025-01-04', 1, 0),
      (4, 1, 1, 1, '0001-01-01', 1, 1), (5, 2, 2, 1, '0001-01-01', 1, 1);
  `);
});

async function failure(work: Promise<unknown>): Promise<SyncError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SyncError);
  return err as SyncError;
}

async function drain(reader: AsyncGenerator<unknown>): Promise<void> {
  for await (const _ of reader);
}

describe('parseOpendentalUrl', () => {
  it('reads each part, URL-decoded, with the defaults for what is left out', () => {
    expect(
      parseOpendentalUrl('mysql://sync%40office:p%40ss%3Aword@od.example.com:3307/open%20dental'),
    ).toEqual({
      host: 'od.example.com',
      port: 3307,
      database: 'open dental',
      user: 'sync@office',
      password: 'p@ss:word',
    });
    expect(parseOpendentalUrl('mysql://reader:pw@10.0.0.5')).toMatchObject({
      port: 3306,
      database: 'opendental',
    });
    expect(parseOpendentalUrl('mysql://reader:pw@[::1]:3306/od').host).toBe('::1');
    expect(() => parseOpendentalUrl('postgres://a:b@h/db')).toThrow('mysql://');
    expect(() => parseOpendentalUrl('not a url')).toThrow();
  });
});

describe('probe', () => {
  it('answers the server version and how many rows a sync would read now', async () => {
    const answer = await probe(conn, MAPPED);
    expect(answer.server_version).toMatch(/MariaDB/);
    // Anna's two complete procedures and her planned one; not Rita's, of no mapped code.
    expect(answer).toMatchObject({ procedures: 2, appointments: 1 });
    expect(await probe(conn, new Set(['D9999']))).toMatchObject({ procedures: 0, appointments: 0 });
  });

  it('counts what the reader reads', async () => {
    let procedures = 0;
    let appointments = 0;
    for await (const { kind, batch } of readOpenDental(conn, MAPPED)) {
      const n = batch.records.length + batch.skipped.length;
      if (kind === 'raw-data') procedures += n;
      else appointments += n;
    }
    expect(await probe(conn, MAPPED)).toMatchObject({ procedures, appointments });
  });
});

describe('the schema check', () => {
  it('names the first table read that is missing', async () => {
    await admin.query('DROP TABLE clinic');
    const message = 'Not an Open Dental database: missing clinic.ClinicNum';
    expect(await failure(probe(conn, MAPPED))).toMatchObject({ status: 422, message });
    expect(await failure(drain(readOpenDental(conn, MAPPED)))).toMatchObject({ status: 422, message });
  });

  it("names procedurelog first in a database with none of Open Dental's tables", async () => {
    await admin.query(
      'DROP TABLE appointment, clinic, definition, patient, procedurecode, procedurelog, provider',
    );
    const message = 'Not an Open Dental database: missing procedurelog.ProcNum';
    expect(await failure(probe(conn, MAPPED))).toMatchObject({ status: 422, message });
    expect(await failure(drain(readOpenDental(conn, MAPPED)))).toMatchObject({ status: 422, message });
  });

  it('names the tables in the order section 18 reads them: procedurecode after procedurelog', async () => {
    await admin.query('DROP TABLE procedurecode, definition');
    expect(await failure(probe(conn, MAPPED))).toMatchObject({
      status: 422,
      message: 'Not an Open Dental database: missing procedurecode.CodeNum',
    });
    await admin.query('ALTER TABLE procedurelog DROP COLUMN ClinicNum');
    expect(await failure(probe(conn, MAPPED))).toMatchObject({
      message: 'Not an Open Dental database: missing procedurelog.ClinicNum',
    });
  });

  it('names the first column read that is missing, in the order section 18 reads them', async () => {
    await admin.query('ALTER TABLE procedurelog DROP COLUMN UnitQty, DROP COLUMN PlannedAptNum');
    await admin.query('ALTER TABLE appointment DROP COLUMN Confirmed');
    expect(await failure(probe(conn, MAPPED))).toMatchObject({
      status: 422,
      message: 'Not an Open Dental database: missing procedurelog.UnitQty',
    });
  });
});

describe('connection failures', () => {
  it('says the user was refused, never the password', async () => {
    const password = 'wrong-Secret-123';
    const err = await failure(probe({ ...conn, password }, MAPPED));
    expect(err.status).toBe(502);
    expect(err.message).toContain(`refused the user "${conn.user}"`);
    expect(err.message).toContain('check the user name and password');
    expect(err.message).not.toContain(password);
    expect(err.message).not.toContain(conn.password);
    expect((await failure(drain(readOpenDental({ ...conn, password }, MAPPED)))).status).toBe(502);
  });

  it('says so when the user may not read that database', async () => {
    const other = { ...conn, database: 'mysql' };
    const err = await failure(probe(other, MAPPED));
    expect(err).toMatchObject({ status: 502 });
    expect(err.message).toContain('may read the database "mysql"');
  });

  it('says the server refused the connection, or the host was not found', async () => {
    const closed = await startTcpProxy('127.0.0.1', 1);
    const port = closed.port;
    await closed.close();
    const refused = await failure(probe({ ...conn, port }, MAPPED));
    expect(refused.status).toBe(502);
    expect(refused.message).toContain(`refused the connection`);
    const unknown = await failure(probe({ ...conn, host: 'no-such-host.invalid' }, MAPPED));
    expect(unknown).toMatchObject({
      status: 502,
      message: 'The Open Dental server "no-such-host.invalid" was not found: check the host name.',
    });
  });
});

describe('a host that closes the connection before the server answers', () => {
  // As a firewall or a port forwarder with nothing behind it does: not a read that was lost.
  it('says it could not reach the host, not that a read was lost', async () => {
    const closing = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const port = (closing.address() as { port: number }).port;
    try {
      const message = `Could not reach 127.0.0.1:${port}: the connection was closed before the database server answered. Check the host and the port (that of MySQL or MariaDB, usually 3306), and that no firewall blocks the connection.`;
      expect(await failure(probe({ ...conn, host: '127.0.0.1', port }, MAPPED))).toMatchObject({
        status: 502,
        message,
      });
      const read = drain(readOpenDental({ ...conn, host: '127.0.0.1', port }, MAPPED));
      expect(await failure(read)).toMatchObject({ status: 502, message });
    } finally {
      await new Promise((resolve) => closing.close(resolve));
    }
  });
});

describe('a server that never answers', () => {
  it('is given 10 seconds, then a 502 says so', async () => {
    // Accepts the connection and says nothing, as a firewall that drops the traffic would.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = Date.now();
      const err = await failure(probe({ ...conn, host: '127.0.0.1', port }, MAPPED));
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
      expect(err).toMatchObject({
        status: 502,
        message: `Could not reach 127.0.0.1:${port}: the connection timed out after 10 seconds. Check the host and port, and that no firewall blocks the connection.`,
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('a server that fails part-way', () => {
  beforeEach(async () => {
    // Enough rows that most are still on the server when the first batch arrives.
    await admin.query(`INSERT INTO procedurelog (ProcNum, PatNum, CodeNum, ProcStatus, ProcDate, ProvNum)
      SELECT 100 + seq, 1, 2, 2, '2025-02-03', 1 FROM seq_1_to_30000`);
  });

  it('throws a 502 when no row comes for stallMs, and closes the connection', async () => {
    const proxy = await startTcpProxy(conn.host, conn.port);
    try {
      const reader = readOpenDental({ ...conn, port: proxy.port }, MAPPED, { batchSize: 100, stallMs: 500 });
      expect((await reader.next()).value).toMatchObject({ kind: 'raw-data' });
      proxy.freeze();
      const err = await failure(drain(reader));
      expect(err.status).toBe(502);
      expect(err.message).toContain('stopped answering');
      await expect.poll(() => proxy.open()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('throws a 502 when the connection is lost', async () => {
    const proxy = await startTcpProxy(conn.host, conn.port);
    try {
      const reader = readOpenDental({ ...conn, port: proxy.port }, MAPPED, { batchSize: 100 });
      expect((await reader.next()).value).toMatchObject({ kind: 'raw-data' });
      proxy.cut();
      const err = await failure(drain(reader));
      expect(err).toMatchObject({
        status: 502,
        message: 'The connection to the Open Dental server was lost during the read: try again.',
      });
    } finally {
      await proxy.close();
    }
  });

  it('closes the connection when the consumer stops early', async () => {
    const proxy = await startTcpProxy(conn.host, conn.port);
    try {
      const reader = readOpenDental({ ...conn, port: proxy.port }, MAPPED, { batchSize: 100 });
      await reader.next();
      expect(proxy.open()).toBe(1);
      await reader.return(undefined);
      await expect.poll(() => proxy.open()).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});
