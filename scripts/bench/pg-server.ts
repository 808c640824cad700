// A throwaway PostgreSQL cluster (scripts/pg-cluster.sh) with one database for the server under
// test, one for the COPY reference and one, left empty until then, for the clean COPY reference.

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgCluster {
  appUrl: string;
  referenceUrl: string;
  cleanUrl: string;
  version: string;
  stop(): void;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function startPgCluster(port: number): Promise<PgCluster> {
  // Under /tmp: the server runs as the postgres user, which must reach the folder.
  const dir = mkdtempSync(join(tmpdir(), 'fat-bench-pg-'));
  const stop = () => {
    execFileSync('scripts/pg-cluster.sh', ['stop', dir], { stdio: 'inherit' });
  };
  let url: string;
  try {
    url = execFileSync('scripts/pg-cluster.sh', ['start', dir, String(port)], { encoding: 'utf8' }).trim();
  } catch (err) {
    stop();
    throw err;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('CREATE DATABASE bench_app');
    await client.query('CREATE DATABASE bench_ref');
    await client.query('CREATE DATABASE bench_clean');
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return {
      appUrl: withDatabase(url, 'bench_app'),
      referenceUrl: withDatabase(url, 'bench_ref'),
      cleanUrl: withDatabase(url, 'bench_clean'),
      version: rows[0].server_version,
      stop,
    };
  } catch (err) {
    stop();
    throw err;
  } finally {
    await client.end();
  }
}
