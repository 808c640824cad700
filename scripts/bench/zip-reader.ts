// Inflating a workbook's largest part through the product's zip reader (server/file-reading/zip.ts:
// yauzl under the product's size limits) against yauzl alone, on the same file: what the limits
// and the text decoding cost (docs/performance.md, "Zip reader").
// Usage: npx tsx scripts/bench/zip-reader.ts [--rows N]
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { openZipText, readZipDirectory } from '../../server/file-reading/zip';
import { ensureDataset } from './dataset';

const rowsArg = process.argv.indexOf('--rows');
const rows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 600_000;
const dataset = await ensureDataset('.bench/data', rows, (line) => console.log(line));
const path = dataset.reportXlsx.path;

async function ownReader(): Promise<number> {
  const zip = await readZipDirectory(path);
  const sheet = [...zip.entries.values()].sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0];
  let chars = 0;
  for await (const chunk of await openZipText(zip, sheet)) chars += (chunk as string).length;
  return chars;
}

async function yauzlReader(): Promise<number> {
  const open = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);
  const zip = await open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  const entries: yauzl.Entry[] = [];
  for await (const entry of zip.eachEntry()) entries.push(entry);
  const sheet = entries.sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0];
  const stream = await zip.openReadStreamPromise(sheet);
  stream.setEncoding('utf8');
  let chars = 0;
  for await (const chunk of stream) chars += (chunk as string).length;
  zip.close();
  return chars;
}

const timed = async (run: () => Promise<number>) => {
  const started = performance.now();
  const chars = await run();
  return { seconds: (performance.now() - started) / 1000, chars };
};

const results: Record<string, number[]> = { product: [], yauzl: [] };
for (let i = 0; i < 5; i++) {
  const own = await timed(ownReader);
  const other = await timed(yauzlReader);
  if (own.chars !== other.chars) throw new Error(`different text: ${own.chars} vs ${other.chars}`);
  results.product.push(own.seconds);
  results.yauzl.push(other.seconds);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `Largest part of ${path} (${dataset.rows.procedures} rows), inflated and decoded to text, 5 runs:`,
);
for (const [name, xs] of Object.entries(results))
  console.log(
    `${name.padEnd(8)} median ${median(xs).toFixed(2)} s  (${xs.map((x) => x.toFixed(2)).join(', ')})`,
  );
