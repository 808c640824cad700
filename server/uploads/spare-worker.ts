import { Worker } from 'node:worker_threads';

/**
 * A worker thread started ahead of need: starting one (loading its code through the TypeScript
 * runner) takes a few hundred milliseconds, as long as reading 100,000 rows. Idle, it keeps the
 * process from nothing (unref); each thread taken does one job and is ended after it.
 */
export class SpareWorker {
  private spare: Worker | null = null;

  constructor(
    private readonly url: URL,
    /**
     * Young objects (cells, records, lines) are most of what reading makes and all die at once: a
     * larger young generation collects them far less often.
     */
    private readonly youngGenerationMb: number,
  ) {}

  /** Starts the spare now, unless one is waiting. */
  warm(): void {
    this.spare ??= this.start();
  }

  /** The spare, or a thread started now; the caller ends it. */
  take(): Worker {
    const worker = this.spare ?? this.start();
    this.spare = null;
    worker.ref();
    return worker;
  }

  /** Ends the spare (at shutdown). */
  async cool(): Promise<void> {
    const idle = this.spare;
    this.spare = null;
    await idle?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.url, {
      resourceLimits: { maxYoungGenerationSizeMb: this.youngGenerationMb },
    });
    worker.unref();
    // A spare that fails to start is dropped; the next job starts its own.
    worker.once('error', () => {
      if (this.spare === worker) this.spare = null;
    });
    return worker;
  }
}
