/**
 * The thread that reads, checks and encodes one import's file (read-thread.ts starts it), so that
 * the server's own thread stays free to answer and the database stores one chunk while the next
 * is read. Messages out: `started` once the file is known to be acceptable as a whole (its header
 * found, its first rows read), then `chunk`s of COPY text (or `records` of an Ignore List) that
 * each wait for an `ack` beyond a few in flight, then `done` with the tally; when the file
 * replaces every procedure, then the `patients` and the `scoresheet`, made with the settings the
 * server sends once it has stored the offices; when a Leads file's leads are attributed as read,
 * the `figure-leads` among the chunks, then the `people`, the `lead-only` patients, the
 * `figure-people` and `figures-end`.
 * Messages in: `begin`, the `ack`s, a Leads file's `lead-patients` (its rows are read on until
 * they come) and the `scoresheet` settings. Any failure is one `failed` message, after which the
 * thread ends.
 */

import { parentPort } from 'node:worker_threads';
import type { ImportKind, RecordBatch } from '../file-reading';
import { fileFormat, openRows, recordBatches } from '../file-reading/read-import';
import { buffersOfLeads, buffersOfPeople, type FigureLeads } from '../import-store/figures-pack';
import { ImportSink, type SinkOptions } from '../import-store/import-sink';
import { checkInflatedSize } from '../import-store/limits';
import { type ScoresheetSettings, scoresheetFromDigest } from '../scoresheet/from-digest';
import { asMessage, type FromReader, type ReadJob, type ToReader } from './read-protocol';
import { rowsInThread, warmRowReader } from './row-thread';

const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread');
// Ready for a workbook by the time one comes (row-thread.ts).
warmRowReader();

/** Batches of a Leads file read on while its patients are read: some 100,000 rows at most. */
const READ_AHEAD = 20;

/** Chunks sent and not yet taken by the database: a few, so memory stays flat at any size. */
let inFlight = 0;
let wake: (() => void) | null = null;
let figuresTaken: (() => void) | null = null;
let begun: ((begin: { job: ReadJob; sink: SinkOptions }) => void) | null = null;
let window = 1;
let settingsGiven: (settings: ScoresheetSettings) => void = () => {};
/** A Leads file's patients, once the server has read them (or null for a merge). */
let leadPatients: string | null | undefined;
let leadPatientsGiven: () => void = () => {};
const leadPatientsCame = new Promise<void>((resolve) => (leadPatientsGiven = resolve));
/** Sent by the server's thread once it has stored the offices, which the scoresheet spells. */
const scoresheetSettings = new Promise<ScoresheetSettings>((resolve) => (settingsGiven = resolve));

port.on('message', (msg: ToReader) => {
  if (msg.type === 'ack') {
    inFlight--;
    wake?.();
    wake = null;
  } else if (msg.type === 'figures-ack') figuresTaken?.();
  else if (msg.type === 'begin') begun?.(msg);
  else if (msg.type === 'lead-patients') {
    leadPatients = msg.json;
    leadPatientsGiven();
  } else settingsGiven(msg.settings);
});

const send = (msg: FromReader, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

async function sendChunk(bytes: Uint8Array): Promise<void> {
  while (inFlight >= window) await new Promise<void>((resolve) => (wake = resolve));
  inFlight++;
  send({ type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
}

/**
 * The file's records, as readImportFile makes them; a workbook's rows are read in a thread of
 * their own meanwhile (row-thread.ts), delimited text's here, where reading it costs little.
 */
async function* fileRecords(
  job: ReadJob,
  options: SinkOptions,
  onHeader: (header: readonly string[]) => void,
): AsyncGenerator<RecordBatch<ImportKind>> {
  const format = await fileFormat(job.path, job.fileName);
  const source =
    format === 'text'
      ? await openRows(job.path, format, options.kind)
      : await rowsInThread(job.path, format, options.kind);
  yield* recordBatches(source, options.kind, job.batchSize, options.limits.maxRows, onHeader);
}

async function read(): Promise<void> {
  const { job, sink: options } = await new Promise<{ job: ReadJob; sink: SinkOptions }>(
    (resolve) => (begun = resolve),
  );
  window = job.window;
  const records = fileRecords(job, options, (h) => send({ type: 'header', header: [...h] }));
  let sink: ImportSink;
  try {
    // The first rows are read, and a workbook's inflated size checked, before anything is stored.
    let next = await records.next();
    await checkInflatedSize(job.path, options.limits);
    send({ type: 'started' });
    // A Leads file's rows are read on while the server reads the patients they are matched to.
    const ahead: RecordBatch<ImportKind>[] = [];
    if (options.kind === 'leads' && !job.countOnly) {
      while (leadPatients === undefined && !next.done && ahead.length < READ_AHEAD) {
        ahead.push(next.value);
        next = await records.next();
      }
      await leadPatientsCame;
    }
    sink = new ImportSink(options.kind === 'leads' ? { ...options, leadPatients } : options);
    const add = async (batch: RecordBatch<ImportKind>) => {
      sink.add(batch);
      const kept = sink.takeRecords();
      if (job.countOnly) return;
      if (kept.length > 0) send({ type: 'records', records: kept });
      for (const bytes of sink.take()) await sendChunk(bytes);
      sendFigureLeads(sink.figureLeads());
    };
    for (const batch of ahead.splice(0)) await add(batch);
    for (; !next.done; next = await records.next()) await add(next.value);
  } finally {
    await records.return(undefined);
  }
  if (!job.countOnly) for (const bytes of sink.take(true)) await sendChunk(bytes);
  sendFigureLeads(sink.figureLeads(true));
  const digest = sink.digest;
  send({
    type: 'done',
    tally: sink.tally.summary(),
    digest: digest && { locations: [...digest.locations] },
  });
  const people = sink.leadPeople();
  if (people) {
    // Who they are first, which the database stores next, then the lead-only patients, made while
    // it does; what the figures read of them meanwhile.
    send({ type: 'people', people }, buffersOf(people));
    const patients = sink.leadOnlyPatients();
    send({ type: 'lead-only', patients }, buffersOf(patients));
    // One at a time: the server takes in the messages that wait one after another, with no pause
    // for its other calls between them.
    for (const batch of sink.figurePeople()) {
      send({ type: 'figure-people', people: batch }, buffersOfPeople(batch));
      await new Promise<void>((resolve) => (figuresTaken = resolve));
    }
    send({ type: 'figures-end' });
  }
  if (!digest) return;
  // The database builds the procedures' index meanwhile, then stores these; the scoresheet is
  // made while it does (its settings come once the offices are stored).
  const patients = digest.patientsText();
  send({ type: 'patients', text: patients }, buffersOf(patients));
  const text = scoresheetFromDigest(digest, await scoresheetSettings);
  send({ type: 'scoresheet', text }, buffersOf(text));
}

function sendFigureLeads(leads: FigureLeads | null): void {
  if (leads) send({ type: 'figure-leads', leads }, buffersOfLeads(leads));
}

const buffersOf = (chunks: Uint8Array[]) => chunks.map((c) => c.buffer as ArrayBuffer);

read().then(
  () => port.close(),
  (error: unknown) => {
    send({ type: 'failed', error: asMessage(error) });
    port.close();
  },
);
