// Command-line options of `npm run bench`.

import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Procedure rows in the generated Full Arch Report (about; the generator works in patients). */
  rows: number;
  /** Run against a throwaway PostgreSQL server instead of the embedded database. */
  pg: boolean;
  /** Seconds per load test. */
  loadSeconds: number;
  /** Seconds of unrecorded load before each test, so the JIT and the caches are warm. */
  warmSeconds: number;
  connections: number;
  /** Write a CPU profile of the server process to .bench/profiles. */
  cpuProf: boolean;
  /** First port of the bench servers; the PostgreSQL cluster gets its own range. */
  port: number;
  pgPort: number;
  /** Case follow-up activities written before the worklist is loaded again. */
  activities: number;
  /** Stop after the references and the imports (their figures are logged). */
  importsOnly: boolean;
  /** Only the leads: their reference and import over the practice, and the Marketing return under load. */
  leadsOnly: boolean;
  /** Only the backups: the practice imported untimed, then a backup and a restore. */
  backupsOnly: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]
  --rows N        procedure rows in the data set (default 600000)
  --pg            use a throwaway PostgreSQL server (scripts/pg-cluster.sh) instead of the embedded database
  --quick         load tests of 3 s instead of 15 s (1 s warm-up instead of 3 s), for trying it out
  --seconds N     seconds per load test (default 15)
  --activities N  case follow-up activities written through the API (default 50000; 5000 with --quick)
  --imports-only  stop after the references and the imports, whose figures are logged
  --leads-only    only the leads: their clean COPY, their import over the practice (imported
                  untimed first) and GET /api/dashboard/marketing under load against verify-token
  --backups-only  only the backups: the practice imported untimed, Back up now while the dashboard
                  is asked, then npm run restore of it (and pg_dump -Fc / pg_restore with --pg)
  --cpu-prof      write a CPU profile of the server process to .bench/profiles/
  --port N        port of the bench server (default 3210)
  --pg-port N     port of the PostgreSQL cluster (default 56010)`;

export function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got '${text}'`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      pg: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      seconds: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      port: { type: 'string' },
      'pg-port': { type: 'string' },
      activities: { type: 'string' },
      'imports-only': { type: 'boolean', default: false },
      'leads-only': { type: 'boolean', default: false },
      'backups-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return null;
  return {
    rows: positiveInt('rows', values.rows, 600_000),
    pg: values.pg ?? false,
    loadSeconds: positiveInt('seconds', values.seconds, values.quick ? 3 : 15),
    warmSeconds: values.quick ? 1 : 3,
    connections: 50,
    cpuProf: values['cpu-prof'] ?? false,
    port: positiveInt('port', values.port, 3210),
    pgPort: positiveInt('pg-port', values['pg-port'], 56010),
    activities: positiveInt('activities', values.activities, values.quick ? 5000 : 50_000),
    importsOnly: values['imports-only'] ?? false,
    leadsOnly: values['leads-only'] ?? false,
    backupsOnly: values['backups-only'] ?? false,
  };
}
