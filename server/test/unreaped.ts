import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** A process whose parent never waits for it: once it ends it stays a zombie until release(). */
export interface Unreaped {
  pid: number;
  output(): string;
  /** Resolves once `text` has been printed; rejects if the process ends first. */
  printed(text: string): Promise<void>;
  /** The kernel's state letter ('S', 'R', ..., 'Z' for a zombie), or null once reaped. */
  state(): string | null;
  /** Resolves once the process has ended: a zombie from then on. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): void;
  /** Ends the process if it still runs, then its parent, so the zombie is reaped: nothing outlives the test. */
  release(): void;
}

function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2);
  } catch {
    return null;
  }
}

function threadsOf(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return 0;
  }
}

/**
 * Starts `command` as the child of a shell that then becomes `sleep` and so never reaps it, like
 * a supervisor that has not waited for it yet: killed, it still passes kill(pid, 0).
 */
export async function spawnUnreaped(
  command: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Unreaped> {
  const parent = spawn('sh', ['-c', '"$@" 3>&- & echo "$!" >&3; exec sleep 600 3>&-', 'sh', ...command], {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let out = '';
  parent.stdout?.on('data', (d) => {
    out += d;
  });
  parent.stderr?.on('data', (d) => {
    out += d;
  });
  const pid = await new Promise<number>((resolve, reject) => {
    let text = '';
    (parent.stdio[3] as Readable).on('data', (d) => {
      text += d;
      if (text.includes('\n')) resolve(Number.parseInt(text, 10));
    });
    parent.once('exit', () => reject(new Error(`the shell ended: ${out}`)));
  });
  // The main thread turns zombie as soon as it is done; the other threads, which may still hold
  // the process's files open for a moment, are gone once the task list holds it alone.
  const ended = () => stateOf(pid) === 'Z' && threadsOf(pid) <= 1;
  const exited = (async () => {
    while (stateOf(pid) !== null && !ended()) await new Promise((r) => setTimeout(r, 20));
  })();
  return {
    pid,
    output: () => out,
    async printed(text) {
      let done = false;
      exited.then(() => {
        done = true;
      });
      while (!out.includes(text)) {
        if (done) throw new Error(`ended before printing ${text}: ${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    state: () => stateOf(pid),
    exited,
    kill: (signal) => process.kill(pid, signal),
    release: () => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already reaped.
      }
      parent.kill('SIGKILL');
    },
  };
}
