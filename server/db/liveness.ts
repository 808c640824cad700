import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { type SocketPlace, socketPlace } from './socket-place';

/**
 * A pid cannot say whether a server still runs: a killed process stays a zombie until its parent
 * reaps it, and kill(pid, 0) succeeds on a zombie; later the pid goes to another process. So each
 * server listens on a local socket in DATA_DIR/live named by its id: the kernel closes it the
 * moment the process dies, zombie or not, and every connect() is refused from then on. The lock
 * file and the uploads carry that id, and "is its owner running" is "does its socket answer".
 *
 * The id has a random part besides the pid: pids repeat, after reuse and in containers that
 * share one folder with pid namespaces of their own.
 */
export const processId = `${process.pid}.${randomBytes(5).toString('hex')}`;

const ID = /^\d+\.[0-9a-f]{10}$/;
// Written by versions before the socket: the pid alone, for which the pid is all there is to ask.
const PID_ONLY = /^\d+$/;

export const isProcessId = (text: string) => ID.test(text) || PID_ONLY.test(text);

/** The pid inside an id, for people reading a message. */
export const pidOf = (id: string) => id.split('.')[0];

const liveDir = (dataDir: string) => join(resolve(dataDir), 'live');

interface Listening {
  server: Server;
  place: SocketPlace;
}

const held = new Map<string, { count: number; ready: Promise<Listening> }>();
// A socket being closed still owns its path: it is unlinked as it closes.
const closing = new Map<string, Promise<void>>();
const removeAtExit = new Set<string>();
let removingAtExit = false;

/**
 * Makes this process answer as alive in the data folder until the returned release is called (or
 * the process ends): the lock and the uploads both hold it, and the socket closes with the last.
 * It must be held before this process's id is written anywhere, so whoever reads the id finds a
 * socket that answers.
 */
export async function holdLiveness(dataDir: string): Promise<() => Promise<void>> {
  const key = liveDir(dataDir);
  let entry = held.get(key);
  if (!entry) {
    entry = { count: 0, ready: (closing.get(key) ?? Promise.resolve()).then(() => listen(key)) };
    held.set(key, entry);
  }
  const mine = entry;
  mine.count++;
  try {
    await mine.ready;
  } catch (err) {
    if (--mine.count === 0 && held.get(key) === mine) held.delete(key);
    throw err;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--mine.count > 0) return;
    if (held.get(key) === mine) held.delete(key);
    const closed = close(key, await mine.ready);
    closing.set(key, closed);
    await closed;
    if (closing.get(key) === closed) closing.delete(key);
  };
}

async function close(dir: string, { server, place }: Listening) {
  await new Promise<void>((done) => server.close(() => done()));
  place.close();
  if (place.onDisk) {
    rmSync(join(dir, processId), { force: true });
    removeAtExit.delete(join(dir, processId));
  }
}

async function listen(dir: string): Promise<Listening> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const place = socketPlace(dir, processId);
  // A connect that succeeds is the whole answer; the socket never keeps the process running.
  const server = createServer((conn) => conn.destroy()).unref();
  try {
    // Only this process binds its own id: a file there is its own from an earlier hold.
    if (place.onDisk) rmSync(join(dir, processId), { force: true });
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(place.path, () => {
        server.off('error', fail);
        done();
      });
    });
    if (place.onDisk) chmodSync(place.path, 0o600);
  } catch (err) {
    place.close();
    throw err;
  }
  // A failed accept (out of descriptors) must not end the process: the connect had succeeded.
  server.on('error', () => {});
  if (place.onDisk) {
    if (!removingAtExit) process.once('exit', removeSocketsAtExit);
    removingAtExit = true;
    removeAtExit.add(join(dir, processId));
  }
  await sweepDead(dir);
  return { server, place };
}

function removeSocketsAtExit() {
  for (const path of removeAtExit) rmSync(path, { force: true });
}

const DEAD = new Set(['ECONNREFUSED', 'ENOENT', 'ENOTDIR']);

/** Whether the process with this id is running: its socket in the data folder answers. */
export const isAlive = (dataDir: string, id: string) => aliveIn(liveDir(dataDir), id);

async function aliveIn(dir: string, id: string): Promise<boolean> {
  if (id === processId) return true;
  // This process's own pid there is a reused one: it never writes a pid alone.
  if (PID_ONLY.test(id)) return Number(id) !== process.pid && pidExists(Number(id));
  if (!ID.test(id)) return false;
  let place: SocketPlace;
  try {
    place = socketPlace(dir, id);
  } catch (err) {
    if (DEAD.has((err as NodeJS.ErrnoException).code ?? '')) return false;
    throw err;
  }
  try {
    return await answers(place.path);
  } finally {
    place.close();
  }
}

function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ path });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    // Anything but a refusal or no socket at all (a full backlog, no permission) is a process
    // that may well be running: its lock and files are left alone.
    socket.once('error', (err: NodeJS.ErrnoException) => done(!DEAD.has(err.code ?? '')));
  });
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// bind() and listen() are two steps: a socket that refuses may be one a moment from listening.
// Those that refuse long after their creation are of processes gone without a trace elsewhere.
const SWEEP_AFTER_MS = 60_000;

async function sweepDead(dir: string) {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (!ID.test(name) || name === processId) continue;
    const path = join(dir, name);
    const made = await lstat(path).catch(() => null);
    if (!made || now - made.mtimeMs < SWEEP_AFTER_MS) continue;
    if (!(await aliveIn(dir, name))) await rm(path, { force: true });
  }
}
