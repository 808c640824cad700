/** The thread that reads an import's file: what it hands over, and that every way out ends it. */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readImportFile } from '../file-reading';
import type { ProcedureRecord } from '../file-reading/types';
import { procedureLine } from '../import-store/copy-text';
import type { SinkOptions } from '../import-store/import-sink';
import { ReadThread } from './read-thread';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-thread-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SINK: SinkOptions = {
  kind: 'raw-data',
  mapped: ['D6010'],
  meaningful: null,
  limits: { maxRows: 1_000_000, maxInflatedBytes: 1 << 30 },
  today: '2026-11-25',
};
const HEADER = 'Patient,Date,Code,Provider,Fee,Location,Phone';
const row = (i: number) =>
  `"Lee, Ann ${i}",3/${(i % 28) + 1}/2025,D${6010 + (i % 3)},Dr. Chen,"$1,${i % 1000}.50",Main "Street",(512) 555-${String(i % 10_000).padStart(4, '0')}`;

async function file(name: string, lines: string[]): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

async function readAll(thread: ReadThread): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of thread.chunks()) text += decoder.decode(chunk);
  return text;
}

it('hands over the COPY text of exactly the records the reader makes, in order, and the tally', async () => {
  const path = await file('many.csv', [HEADER, ...Array.from({ length: 40_000 }, (_, i) => row(i)), ',,,']);
  const thread = new ReadThread({ path, fileName: 'many.csv', window: 2, countOnly: false });
  try {
    thread.begin(SINK);
    await thread.started();
    const text = await readAll(thread);
    const { tally } = await thread.done();
    let expected = '';
    for await (const batch of readImportFile(path, 'many.csv', 'raw-data'))
      for (const r of batch.records as ProcedureRecord[]) expected += procedureLine(r);
    expect(text).toBe(expected);
    expect(text.split('\n')).toHaveLength(40_001);
    expect(tally.response.records_imported).toBe(40_000);
    expect(tally.response.unmapped_codes).toEqual([
      { code: 'D6011', count: 13_333 },
      { code: 'D6012', count: 13_333 },
    ]);
    expect(thread.header).toEqual(HEADER.split(','));
  } finally {
    await thread.stop();
  }
  expect(thread.threadId).toBe(-1);
});

it('refuses a file as a whole before handing over anything, and ends', async () => {
  const path = await file('wrong.csv', ['Patient,Date,Provider', 'Ann Lee,3/4/2025,Dr. Chen']);
  const thread = new ReadThread({ path, fileName: 'wrong.csv', window: 2, countOnly: false });
  thread.begin(SINK);
  await expect(thread.started()).rejects.toThrow('Missing required columns: Code');
  await thread.stop();
  expect(thread.threadId).toBe(-1);
});

it('stops handing over at a row that breaks the file part-way, with its words', async () => {
  const lines = [HEADER, ...Array.from({ length: 60_000 }, (_, i) => row(i))];
  lines[50_001] = `Ann Lee,3/4/2025,D6010,Dr. Chen,$1.00,Main,a\u0000b`;
  const thread = new ReadThread({
    path: await file('broken.csv', lines),
    fileName: 'broken.csv',
    window: 2,
    countOnly: false,
  });
  thread.begin(SINK);
  await thread.started();
  await expect(readAll(thread)).rejects.toThrow(
    'The file could not be read: row 50,002 holds a NUL character, which is not text',
  );
  await thread.stop();
  expect(thread.threadId).toBe(-1);
});

it('fails, rather than waits, when the thread ends before it has finished', async () => {
  const path = await file('cut.csv', [HEADER, ...Array.from({ length: 60_000 }, (_, i) => row(i))]);
  const thread = new ReadThread({ path, fileName: 'cut.csv', window: 1, countOnly: false });
  thread.begin(SINK);
  await thread.started();
  const chunks = thread.chunks();
  await chunks.next();
  // The thread ends as a crashed one would (out of memory, a fault in a library).
  await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await expect(chunks.next()).rejects.toThrow('The file reader stopped before it had finished');
  await thread.stop();
  expect(thread.threadId).toBe(-1);
});
