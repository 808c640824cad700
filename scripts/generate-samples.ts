// CLI for the sample practice exports. Example:
//   npx tsx scripts/generate-samples.ts --out samples --providers 6 --patients 400 \
//     --years 2024,2025,2026 --seed 18 --format csv,xlsx
// Every option has a default (see DEFAULT_OPTIONS); the same options always give the same CSV bytes.

import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS, generateSamples, type SampleFormat } from './sample-data/index.js';

const USAGE = `Usage: npx tsx scripts/generate-samples.ts [options]
  --out DIR          output folder (default: samples)
  --providers N      number of doctors (default: ${DEFAULT_OPTIONS.providers})
  --patients N       number of patients, up to ~150000 (default: ${DEFAULT_OPTIONS.patients})
  --years Y,Y,...    years of procedures (default: ${DEFAULT_OPTIONS.years.join(',')})
  --seed S           random seed (default: ${DEFAULT_OPTIONS.seed})
  --today YYYY-MM-DD procedures up to this day, appointments after (default: ${DEFAULT_OPTIONS.today})
  --format F,F,...   csv, xlsx, xls (default: ${DEFAULT_OPTIONS.formats.join(',')}; xls only for small sets)
  --leads N          exactly N leads, the practice's own topped up with patients asking again
                     (default: the practice's own, about one per patient)`;

function int(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`--${name} must be an integer, got '${text}'`);
  return n;
}

function formats(text: string | undefined): SampleFormat[] {
  if (text === undefined) return DEFAULT_OPTIONS.formats;
  return text.split(',').map((f) => {
    const format = f.trim().toLowerCase();
    if (format !== 'csv' && format !== 'xlsx' && format !== 'xls') throw new Error(`Unknown format '${f}'`);
    return format;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      providers: { type: 'string' },
      patients: { type: 'string' },
      years: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      format: { type: 'string' },
      leads: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const opts = {
    outDir: values.out ?? 'samples',
    providers: int('providers', values.providers, DEFAULT_OPTIONS.providers),
    patients: int('patients', values.patients, DEFAULT_OPTIONS.patients),
    years: values.years
      ? values.years.split(',').map((y) => int('years', y.trim(), 0))
      : DEFAULT_OPTIONS.years,
    seed: int('seed', values.seed, DEFAULT_OPTIONS.seed),
    today: values.today ?? DEFAULT_OPTIONS.today,
    formats: formats(values.format),
    leads: values.leads === undefined ? undefined : int('leads', values.leads, 0),
  };
  const started = performance.now();
  const result = await generateSamples(opts);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counts: Record<string, number> = {
    'full-arch-report': result.rows.procedures,
    'future-scheduled': result.rows.appointments,
    'ignore-list': result.rows.ignore,
    leads: result.rows.leads,
  };
  for (const file of result.files) {
    const kind = Object.keys(counts).find((k) => file.includes(k)) ?? '';
    const size = (await stat(file)).size;
    console.log(`${file}: ${counts[kind]} rows, ${(size / 1024).toFixed(0)} KB`);
  }
  console.log(
    `Done in ${seconds}s (seed ${opts.seed}, ${opts.patients} patients, ${opts.providers} providers)`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(1);
});
