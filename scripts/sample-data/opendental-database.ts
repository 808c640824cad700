// A new Open Dental database (the tables the sync reads, server/sync/opendental/schema.sql) on a
// MariaDB or MySQL server, and a user who may only read it, as a practice would set one up for
// the sync. For the tests and the demo; the product itself never creates or writes anything there.

import { readFile } from 'node:fs/promises';
import mysql, { type Connection } from 'mysql2/promise';

const SCHEMA = new URL('../../server/sync/opendental/schema.sql', import.meta.url);

export interface ReadOnlyUser {
  user: string;
  password: string;
}

const identifier = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** Connects as the server's administrator (`mysql://root@127.0.0.1:port/mysql`). */
export function connectAdmin(adminUrl: string, database?: string): Promise<Connection> {
  const url = new URL(adminUrl);
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
    multipleStatements: true,
    dateStrings: true,
  });
}

/**
 * Creates (or recreates) `database` with Open Dental's tables, empty, and `reader` with SELECT on
 * it only. Answers a connection to the new database as the administrator, for filling it.
 */
export async function createOpenDentalDatabase(
  adminUrl: string,
  database: string,
  reader?: ReadOnlyUser,
): Promise<Connection> {
  const admin = await connectAdmin(adminUrl);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${identifier(database)}`);
    await admin.query(`CREATE DATABASE ${identifier(database)} CHARACTER SET utf8mb3`);
    if (reader) {
      await admin.query('CREATE OR REPLACE USER ?@? IDENTIFIED BY ?', [
        reader.user,
        '127.0.0.1',
        reader.password,
      ]);
      await admin.query(`GRANT SELECT ON ${identifier(database)}.* TO ?@?`, [reader.user, '127.0.0.1']);
    }
  } finally {
    await admin.end();
  }
  const db = await connectAdmin(adminUrl, database);
  await db.query(await readFile(SCHEMA, 'utf8'));
  return db;
}
