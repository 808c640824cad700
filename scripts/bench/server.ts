// The product's server as a child process, started the way `npm start` starts it (tsx on
// server/main.ts) but with tsx loaded into node itself (`node --import tsx`), so the child's pid
// is the server's own and its memory can be read from /proc.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminPassword: string;
  /** Folder for a CPU profile (node --cpu-prof), written when the server exits. */
  cpuProfDir?: string;
  /** A build of the web app to serve instead of dist/web (the browser benches build their own). */
  webDist?: string;
}

export interface RunningServer {
  pid: number;
  url: string;
  /** What the server wrote to stdout and stderr, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited on start:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within 120 s:\n${output()}`);
}

/** True when something already listens on the port: its answers must not be taken for ours. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  if (await portTaken(opts.port)) throw new Error(`Port ${opts.port} is in use: pass another with --port`);
  mkdirSync(opts.dataDir, { recursive: true });
  const nodeArgs = ['--import', 'tsx'];
  if (opts.cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  const child = spawn(process.execPath, [...nodeArgs, 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      ADMIN_PASSWORD: opts.adminPassword,
      MAX_UPLOAD_MB: '2048',
      // Request logs off: the load tests measure the app, not the pipe to this process.
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => log;
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await waitForHealth(url, child, output);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    pid: child.pid as number,
    url,
    output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
