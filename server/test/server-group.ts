import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDb } from './harness';
import { freePorts, type RunningServer, spawnServer, waitHealthy } from './spawn-server';

export interface ServerGroup {
  servers: RunningServer[];
  /** Stops every process, then drops the database and the data folders. */
  stop(): Promise<void>;
}

/**
 * `count` app processes on one PostgreSQL database of their own (TEST_DATABASE_URL's server), each
 * with its own data folder (for uploads only), as on separate machines, started at the same moment.
 */
export async function startServerGroup(count: number, env: Record<string, string>): Promise<ServerGroup> {
  const dir = mkdtempSync(join(tmpdir(), 'fat-group-'));
  const test = await openTestDb();
  const ports = await freePorts(count);
  const servers = ports.map((port, i) =>
    spawnServer({
      ...env,
      DATABASE_URL: test.url as string,
      PORT: String(port),
      DATA_DIR: join(dir, `data-${i}`),
    }),
  );
  const stop = async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const healthy = await Promise.all(servers.map((s) => waitHealthy(s, 90_000)));
  const failed = healthy.findIndex((ok) => !ok);
  if (failed >= 0) {
    const output = servers[failed].output();
    await stop();
    throw new Error(`process ${failed} did not start:\n${output}`);
  }
  return { servers, stop };
}
