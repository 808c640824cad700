import pg from 'pg';
import { STARTUP_LOCK } from './versions';

/**
 * Holds a session-level advisory lock on a PostgreSQL server until the returned function is called,
 * so that of several app processes starting at once only one migrates and makes the first-start
 * data at a time: the migrator takes no lock of its own (two would both apply a migration, and one
 * would fail), and two first starts on an empty database would each print a first-admin password
 * of which only one was stored. The lock lives on a connection of its own, outside the pool, and
 * goes with it when the process ends, so a process killed while starting never holds it.
 */
export async function lockStartup(url: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  // A connection the server ends meanwhile must not end the process; the lock went with it.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  // Ending the session releases its advisory locks.
  return () => client.end().catch(() => {});
}
