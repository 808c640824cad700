import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSamples } from '../../scripts/sample-data/index';

/**
 * A Full Arch Report CSV large enough that storing and recalculating it takes a few seconds
 * (15,000 patients), written into `dir` by the sample generator; answers its bytes.
 */
export async function largeReport(dir: string, seed: number): Promise<Buffer> {
  await generateSamples({
    outDir: dir,
    providers: 8,
    patients: 15_000,
    years: [2024, 2025, 2026],
    seed,
    today: '2026-11-01',
    formats: ['csv'],
  });
  return readFileSync(join(dir, 'full-arch-report.csv'));
}
