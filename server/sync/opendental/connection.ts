/**
 * The connection to an Open Dental database (MySQL or MariaDB) and its failures in words a
 * practice manager can act on (docs/behaviour.md, "Sync from Open Dental"). The password is never
 * put into a message: mysql2's own messages are not passed on, only what is known to be safe.
 */

import mysql, { type Connection } from 'mysql2';
import type { ErrorCode } from '../../../common/api/error-codes';
import { COLUMNS_READ, fullArchSql, futureSql, readCodes, select, startSnapshot } from './queries';

export interface OdConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** A failure to read Open Dental, with the status and code the API answers it with. */
export class SyncError extends Error {
  constructor(
    public status: 409 | 422 | 502,
    message: string,
    public code: ErrorCode,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

export const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_PORT = 3306;
const DEFAULT_DATABASE = 'opendental';

/** `mysql://user:password@host:port/database`, each part URL-decoded; port 3306 and database `opendental` when left out. */
export function parseOpendentalUrl(url: string): OdConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('OPENDENTAL_URL is not a URL: use mysql://user:password@host:port/database');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:')
    throw new Error('OPENDENTAL_URL must start with mysql://');
  if (parsed.hostname === '') throw new Error('OPENDENTAL_URL names no host');
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return {
    // An IPv6 address keeps its brackets in a URL, not in a connection.
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? DEFAULT_PORT : Number(parsed.port),
    database: database === '' ? DEFAULT_DATABASE : database,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

interface DriverError {
  code?: string;
  fatal?: boolean;
}

const codeOf = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null ? (err as DriverError).code : undefined;

/** `host:port`, an IPv6 address in brackets so its own colons do not read as the port's. */
const whereOf = (conn: OdConnection) =>
  `${conn.host.includes(':') ? `[${conn.host}]` : conn.host}:${conn.port}`;

/**
 * A failure before the server's greeting. A silent host (a firewall dropping the traffic, a
 * black-holed address, a port that is not MySQL's) ends in mysql2's connect timeout; a host
 * whose firewall or port forwarder accepts and then drops the connection ends as "connection
 * lost", which is no read lost: nothing was read yet. Both say the host could not be reached.
 */
export function connectErrorOf(err: unknown, conn: OdConnection): SyncError {
  const check = 'and that no firewall blocks the connection.';
  switch (codeOf(err)) {
    case 'ETIMEDOUT':
      return new SyncError(
        502,
        `Could not reach ${whereOf(conn)}: the connection timed out after ${CONNECT_TIMEOUT_MS / 1000} seconds. Check the host and port, ${check}`,
        'opendental_unreachable',
      );
    case 'PROTOCOL_CONNECTION_LOST':
    case 'ECONNRESET':
    case 'EPIPE':
      return new SyncError(
        502,
        `Could not reach ${whereOf(conn)}: the connection was closed before the database server answered. Check the host and the port (that of MySQL or MariaDB, usually ${DEFAULT_PORT}), ${check}`,
        'opendental_unreachable',
      );
    default:
      return syncErrorOf(err, conn);
  }
}

/** A failure of the driver or the server as a SyncError; a SyncError passes through. */
export function syncErrorOf(err: unknown, conn: OdConnection): SyncError {
  if (err instanceof SyncError) return err;
  const where = whereOf(conn);
  switch (codeOf(err)) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new SyncError(
        502,
        `The Open Dental server "${conn.host}" was not found: check the host name.`,
        'opendental_host_not_found',
      );
    case 'ECONNREFUSED':
      return new SyncError(
        502,
        `The Open Dental server at ${where} refused the connection: check the port, and that MySQL or MariaDB is running there and accepts connections from this server.`,
        'opendental_refused',
      );
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_TABLEACCESS_DENIED_ERROR':
    case 'ER_COLUMNACCESS_DENIED_ERROR':
    case 'ER_HOST_NOT_PRIVILEGED':
      return new SyncError(
        502,
        `The Open Dental server refused the user "${conn.user}": check the user name and password, and that this user may read the database "${conn.database}" from this server.`,
        'opendental_access_denied',
      );
    case 'ER_BAD_DB_ERROR':
      return new SyncError(
        502,
        `There is no database "${conn.database}" on the Open Dental server at ${where}: check the database name.`,
        'opendental_no_database',
      );
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new SyncError(
        502,
        `The Open Dental server at ${where} cannot be reached from this server: check the host and the network.`,
        'opendental_unreachable',
      );
    // After the greeting, the operating system's own timeout of a dead connection is a loss too.
    case 'ETIMEDOUT':
    case 'PROTOCOL_CONNECTION_LOST':
    case 'ECONNRESET':
    case 'EPIPE':
      return new SyncError(
        502,
        'The connection to the Open Dental server was lost during the read: try again.',
        'opendental_connection_lost',
      );
    default: {
      // Only the error's code: a server message may quote the statement, a driver message the
      // connection's options.
      const code = codeOf(err);
      return new SyncError(
        502,
        `The Open Dental server could not be read${code ? ` (${code})` : ''}: try again, and check the connection settings.`,
        'opendental_read_failed',
      );
    }
  }
}

/** An open connection, or a SyncError saying why there is none. */
export async function connect(conn: OdConnection): Promise<Connection> {
  const connection = mysql.createConnection({
    host: conn.host,
    port: conn.port,
    user: conn.user,
    password: conn.password,
    database: conn.database,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Calendar dates as Open Dental stores them, never shifted by a time zone.
    dateStrings: true,
    supportBigNumbers: true,
    charset: 'utf8mb4',
    multipleStatements: false,
  });
  try {
    await new Promise<void>((resolve, reject) =>
      connection.connect((err) => (err ? reject(err) : resolve())),
    );
  } catch (err) {
    connection.destroy();
    throw connectErrorOf(err, conn);
  }
  // An error after the connection is made (the server going away between statements) is reported
  // to the statement that meets it; this keeps it from also being thrown as an unhandled event.
  connection.on('error', () => {});
  return connection;
}

/** 422 naming the first table or column that the database lacks, in COLUMNS_READ's order. */
export async function checkSchema(connection: Connection): Promise<void> {
  const rows = await select<{ table_name: string; column_name: string }>(
    connection,
    `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)`,
    [COLUMNS_READ.map(([table]) => table)],
  );
  // MySQL compares column names without case, and table names too on Windows servers.
  const present = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`.toLowerCase()));
  for (const [table, columns] of COLUMNS_READ) {
    for (const column of columns) {
      if (!present.has(`${table}.${column}`.toLowerCase()))
        throw new SyncError(
          422,
          `Not an Open Dental database: missing ${table}.${column}`,
          'not_opendental_database',
        );
    }
  }
}

/** How many rows a sync would read now, after the same checks as a sync. */
export async function probe(
  conn: OdConnection,
  mappedCodes: ReadonlySet<string>,
): Promise<{ server_version: string; procedures: number; appointments: number }> {
  const connection = await connect(conn);
  try {
    const [{ version }] = await select<{ version: string }>(connection, 'SELECT VERSION() AS version');
    await checkSchema(connection);
    await startSnapshot(connection);
    const { mappedCodeNums } = await readCodes(connection, mappedCodes);
    let procedures = 0;
    let appointments = 0;
    if (mappedCodeNums.length > 0) {
      [{ n: procedures }] = await select<{ n: number }>(connection, fullArchSql(mappedCodeNums, true));
      [{ n: appointments }] = await select<{ n: number }>(connection, futureSql(mappedCodeNums, true));
    }
    return {
      server_version: String(version),
      procedures: Number(procedures),
      appointments: Number(appointments),
    };
  } catch (err) {
    throw syncErrorOf(err, conn);
  } finally {
    connection.destroy();
  }
}
