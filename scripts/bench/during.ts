// How long the server makes a caller wait while an import runs: requests sent one after another
// (each as soon as the one before has answered, with a short pause) to a few paths, for as long
// as the import takes. A request waits for whatever holds the server's thread.

import { callJson } from './api';

export interface WaitFigures {
  path: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** When the longest wait began, in seconds from the start of the import. */
  maxAt: number;
}

export interface WaitSampler {
  stop(): Promise<WaitFigures[]>;
}

const percentileOf = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export function sampleWaits(base: string, token: string, paths: string[], pauseMs = 50): WaitSampler {
  let running = true;
  const begun = performance.now();
  const loops = paths.map(async (path) => {
    const times: number[] = [];
    let max = 0;
    let maxAt = 0;
    while (running) {
      const started = performance.now();
      const res = await callJson(base, 'GET', path, path === '/api/health' ? undefined : token);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status} during an import`);
      const waited = performance.now() - started;
      times.push(waited);
      if (waited > max) {
        max = waited;
        maxAt = (started - begun) / 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      path,
      requests: sorted.length,
      p50: percentileOf(sorted, 50),
      p99: percentileOf(sorted, 99),
      max,
      maxAt,
    };
  });
  return {
    async stop() {
      running = false;
      return Promise.all(loops);
    },
  };
}
