// No installed package may need a newer Node than the one package.json promises (and the README
// states): a dependency that declares `engines.node` beyond it is found here, on every test run.
import { readFileSync } from 'node:fs';
import semver from 'semver';

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
}

/** `name@version needs node <range>` for each locked package whose range excludes `promised`'s floor. */
export function enginesAbove(lock: Lock, promised: string): string[] {
  const floor = semver.minVersion(promised);
  if (!floor) throw new Error(`Cannot read the promised Node range '${promised}'`);
  const found: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!path || !range || semver.satisfies(floor, range, { includePrerelease: true })) continue;
    found.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range}`);
  }
  return found;
}

export function repositoryEngines(): { lock: Lock; promised: string } {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  return { lock: JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock, promised: pkg.engines.node };
}
