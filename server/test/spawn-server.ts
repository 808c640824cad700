import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { spawnUnreaped, type Unreaped } from './unreaped';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  proc: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const serverCommand = ['--import', 'tsx', 'server/main.ts'];
const serverEnv = (env: Record<string, string>) => ({
  ...process.env,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  ...env,
});

/** Starts the real server (server/main.ts) as a child process. */
export function spawnServer(env: Record<string, string>): RunningServer {
  const port = env.PORT;
  const proc = spawn(process.execPath, serverCommand, {
    cwd: root,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/**
 * Starts the real server under a parent that never reaps it (see unreaped.ts): killed, it stays a
 * zombie, as under a supervisor that has not waited for it yet.
 */
export async function spawnUnreapedServer(env: Record<string, string>): Promise<UnreapedServer> {
  const proc = await spawnUnreaped([process.execPath, ...serverCommand], { cwd: root, env: serverEnv(env) });
  return { ...proc, url: `http://127.0.0.1:${env.PORT}` };
}

/** Waits until /api/health answers, or the process exits, or the time runs out. */
export async function waitHealthy(
  server: { url: string; exited: Promise<unknown> },
  timeoutMs = 60_000,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  let done = false;
  server.exited.then(() => {
    done = true;
  });
  while (Date.now() < end && !done) {
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Ports nobody listens on now, from the system (all held at once, so they differ), so parallel test runs never collide. */
export async function freePorts(n: number): Promise<number[]> {
  const probes = Array.from({ length: n }, () => createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export type UnreapedServer = Unreaped & { url: string };

/**
 * Starts the real server unreaped (see spawnUnreapedServer), added to `started` at once so the
 * caller releases it whatever happens, waits until it answers, and signs in as the first admin.
 */
export async function startSignedIn(
  env: Record<string, string>,
  started: UnreapedServer[],
): Promise<{ server: UnreapedServer; token: string }> {
  const server = await spawnUnreapedServer(env);
  started.push(server);
  if (!(await waitHealthy(server, 90_000))) throw new Error(`server did not start:\n${server.output()}`);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: env.ADMIN_PASSWORD }),
  });
  return { server, token: (await login.json()).token };
}
