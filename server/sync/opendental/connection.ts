/**
 * Placeholder for the Open Dental connection (built on its own branch): the names and types the
 * rest of the sync is written against.
 */
export interface OdConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

export class SyncError extends Error {
  constructor(
    public readonly status: 409 | 422 | 502,
    message: string,
  ) {
    super(message);
  }
}

export function parseOpendentalUrl(url: string): OdConnection {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'opendental',
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

export async function probe(
  _conn: OdConnection,
  _mappedCodes: readonly string[],
): Promise<{ server_version: string; procedures: number; appointments: number }> {
  throw new SyncError(502, 'Open Dental is not reachable');
}
