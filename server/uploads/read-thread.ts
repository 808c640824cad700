import type { Worker } from 'node:worker_threads';
import type { LeadFigures } from '../domain/leads';
import type { IgnoreRecord } from '../file-reading';
import { type FigureLeads, type FigurePeople, FiguresUnpacker } from '../import-store/figures-pack';
import type { SinkOptions } from '../import-store/import-sink';
import type { ScoresheetSettings } from '../scoresheet/from-digest';
import { type FromReader, fromMessage, type ReadJob, type ToReader } from './read-protocol';
import { SpareWorker } from './spare-worker';

type Done = Extract<FromReader, { type: 'done' }>;

/**
 * The reading thread's young generation: a 600,000-row file read 30% faster at 64 MB than at the
 * default, and a CSV import 10% faster again at 128 MB (none at 256 MB).
 */
const readers = new SpareWorker(new URL('./read-worker.mjs', import.meta.url), 128);

/** Starts the spare thread now, so that the first import does not wait for one. */
export const warmReader = (): void => readers.warm();

/** Ends the spare thread (at shutdown). */
export const coolReader = (): Promise<void> => readers.cool();

/**
 * One import's file read in a thread of its own (read-worker.ts): the spare taken, and the next
 * started once this one has ended. Told what to read and how (begin) once the import's
 * transaction has read what the reading needs. Every way out ends the thread (stop), whatever
 * state it was in.
 */
export class ReadThread {
  header: string[] = [];
  private readonly worker: Worker;
  private readonly queue: FromReader[] = [];
  private readonly waiting: {
    type: FromReader['type'] | undefined;
    resolve(msg: FromReader): void;
    reject(error: Error): void;
  }[] = [];
  private failure: Error | null = null;
  private finished: Done | null = null;
  /**
   * The leads and people as the figures read them, in the batches they came in: taken in by
   * figures(), a batch at a time. Messages that wait are handled one after another with no pause
   * between them, so their handling here is kept to keeping them.
   */
  private readonly figureLeads: FigureLeads[] = [];
  private readonly figurePeople: FigurePeople[] = [];

  constructor(private readonly job: ReadJob) {
    this.worker = readers.take();
    this.worker.on('message', (msg: FromReader) => {
      if (msg.type === 'header') this.header = msg.header;
      else if (msg.type === 'figure-leads') this.figureLeads.push(msg.leads);
      else if (msg.type === 'figure-people') {
        this.figurePeople.push(msg.people);
        this.post({ type: 'figures-ack' });
      } else if (msg.type === 'failed') this.fail(fromMessage(msg.error));
      else this.deliver(msg);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('The file reader stopped before it had finished')));
  }

  /** Tells the thread what the import's transaction read; it then reads the file. */
  begin(sink: SinkOptions): void {
    this.post({ type: 'begin', job: this.job, sink });
  }

  /**
   * A Leads file's patients (SinkOptions.leadPatients), or null when its leads are merged: the
   * thread reads the file on until they come, and attributes the leads it has read once they do.
   */
  leadPatients(json: string | null): void {
    this.post({ type: 'lead-patients', json });
  }

  /** Resolves once the file is known to be acceptable as a whole; throws its refusal. */
  async started(): Promise<void> {
    const msg = await this.next();
    if (msg.type !== 'started') throw new Error(`The file reader sent ${msg.type} before started`);
  }

  /** The file's COPY text as it is read, each chunk acknowledged once the next is asked for. */
  async *chunks(): AsyncGenerator<Uint8Array> {
    for (let msg = await this.next(); msg.type !== 'done'; msg = await this.next()) {
      if (msg.type !== 'chunk') continue;
      yield msg.bytes;
      this.post({ type: 'ack' });
    }
  }

  /** An Ignore List's records as they are read. */
  async *records(): AsyncGenerator<IgnoreRecord[]> {
    for (let msg = await this.next(); msg.type !== 'done'; msg = await this.next()) {
      if (msg.type === 'records') yield msg.records;
    }
  }

  /** The tally (and the offices of a digest) once every row has gone by. */
  async done(): Promise<Done> {
    while (!this.finished) await this.next();
    return this.finished;
  }

  /** The patients' COPY text of a file that replaced every procedure, sent right after done. */
  async patients(): Promise<Uint8Array[]> {
    return (await this.next('patients')).text;
  }

  /**
   * Who a Leads file's leads are, when they were attributed as read (SinkOptions.leadPatients), as
   * COPY text of `lead_people`: sent once every row has gone by.
   */
  async peopleText(): Promise<Uint8Array[]> {
    return (await this.next('people')).people;
  }

  /** The patient rows of the people known only from leads, as COPY text: sent after peopleText. */
  async leadOnlyText(): Promise<Uint8Array[]> {
    return (await this.next('lead-only')).patients;
  }

  /**
   * The leads and people as the figures read them, once every row has gone by (done): the leads
   * at once, the people as they come after peopleText; taken in a batch at a time, the thread
   * given back between them (some 200,000 leads and people).
   */
  async figures(): Promise<LeadFigures> {
    const taken = new FiguresUnpacker();
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    for (const batch of this.figureLeads.splice(0)) {
      taken.leads(batch);
      await pause();
    }
    await this.next('figures-end');
    for (const batch of this.figurePeople.splice(0)) {
      taken.people(batch);
      await pause();
    }
    return taken.figures;
  }

  /**
   * The scoresheet's COPY text of a file that replaced every procedure, computed by the thread with
   * these settings (once it has made the patients' text).
   */
  async scoresheet(settings: ScoresheetSettings): Promise<Uint8Array[]> {
    this.post({ type: 'scoresheet', settings });
    return (await this.next('scoresheet')).text;
  }

  /** The thread's id while it runs; -1 once it has ended. */
  get threadId(): number {
    return this.worker.threadId;
  }

  /** Ends the thread; whatever it was doing is dropped. */
  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    // The next one starts once this import is over, not during it: starting a thread takes a
    // core for a few hundred milliseconds, which the import's reading and storing need.
    warmReader();
  }

  private post(msg: ToReader): void {
    this.worker.postMessage(msg);
  }

  /**
   * The next message, or with `type` the next of that type (the patients' and scoresheet's are
   * awaited side by side, and each must find its own).
   */
  private next<T extends FromReader['type'] = FromReader['type']>(
    type?: T,
  ): Promise<Extract<FromReader, { type: T }>> {
    const at = this.queue.findIndex((m) => type === undefined || m.type === type);
    if (at >= 0) return Promise.resolve(this.queue.splice(at, 1)[0] as Extract<FromReader, { type: T }>);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ type, resolve: resolve as (msg: FromReader) => void, reject });
    });
  }

  private deliver(msg: FromReader): void {
    if (msg.type === 'done') this.finished = msg;
    const at = this.waiting.findIndex((w) => w.type === undefined || w.type === msg.type);
    if (at >= 0) this.waiting.splice(at, 1)[0].resolve(msg);
    else this.queue.push(msg);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
  }
}
