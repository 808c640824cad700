/**
 * One small scheduler for work that runs at set times (docs/architecture.md, scheduled work). Each
 * tick asks every job whether it is due now; a job claims its slot in the database before doing
 * anything, so with several app processes each slot runs in one. The clock is handed in, so tests
 * move time instead of waiting.
 */

export interface ScheduledJob {
  name: string;
  /** Does the job's work for `now` if it is due and this process wins its slot. */
  run(now: Date): Promise<unknown>;
}

export interface Scheduler {
  /** Runs one tick now (the timer calls it too); a tick still running is not started again. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

interface Options {
  now?: () => Date;
  /** How often the clock is looked at. A slot starts within this much of its time. */
  everyMs?: number;
  /** Told when a job throws; it is tried again at its next slot, the scheduler keeps going. */
  onError?: (job: string, err: unknown) => void;
}

export function startScheduler(
  jobs: readonly ScheduledJob[],
  { now = () => new Date(), everyMs = 20_000, onError = () => {} }: Options = {},
): Scheduler {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        const at = now();
        for (const job of jobs) {
          try {
            await job.run(at);
          } catch (err) {
            onError(job.name, err);
          }
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
