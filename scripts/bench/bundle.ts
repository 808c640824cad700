// The web app's first-load JavaScript: the entry script and the modules index.html preloads, each
// gzipped on its own (as a server or proxy compresses each response) and summed.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** True when this run had to build the web app first. */
  built: boolean;
}

export function firstLoadScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...new Set([...scripts, ...preloads])];
}

export async function measureBundle(distDir: string, log: (line: string) => void): Promise<BundleSize> {
  const index = join(distDir, 'index.html');
  let built = false;
  if (!existsSync(index)) {
    log('Building the web app (dist/web is missing)...');
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('vite build failed');
    built = true;
  }
  const files = firstLoadScripts(await readFile(index, 'utf8'));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = await readFile(join(distDir, file.replace(/^\//, '')));
    rawBytes += content.length;
    gzipBytes += gzipSync(content).length;
  }
  return { files, rawBytes, gzipBytes, built };
}
