import { createHash } from 'node:crypto';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';

/** Where a liveness socket is bound or reached, and what to close once done with that name. */
export interface SocketPlace {
  path: string;
  /** False for a Windows pipe: nothing on disk to chmod or remove. */
  onDisk: boolean;
  close(): void;
}

// sun_path holds 108 bytes on Linux and 104 on macOS, the closing NUL included.
const MAX_SOCKET_PATH = 103;

/**
 * The socket named `name` in the folder `dir` (an absolute path). A data folder deep in a tree can
 * make that path longer than a socket address may be: Linux then reaches the folder through a
 * descriptor opened on it (/proc/self/fd/N), whatever its path, and N stays open until close().
 */
export function socketPlace(dir: string, name: string): SocketPlace {
  if (process.platform === 'win32') {
    // Node's local sockets are named pipes there, in one namespace for the machine.
    const folder = createHash('sha256').update(dir).digest('hex').slice(0, 16);
    return { path: `\\\\.\\pipe\\full-arch-tracker-${folder}-${name}`, onDisk: false, close() {} };
  }
  const path = join(dir, name);
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return { path, onDisk: true, close() {} };
  if (process.platform !== 'linux')
    throw new Error(
      `The path of the data folder is too long for a local socket: ${dir}; set a shorter DATA_DIR.`,
    );
  const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  return { path: `/proc/self/fd/${fd}/${name}`, onDisk: true, close: () => closeSync(fd) };
}
