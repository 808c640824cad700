// What the figures were measured on.

import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export interface Machine {
  cores: number;
  cpu: string;
  ramGb: number;
  node: string;
  date: string;
  pglite: string;
}

export function describeMachine(): Machine {
  const pkg = JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    ramGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    pglite: pkg.version,
  };
}
