// Resident memory of a process from /proc (Linux). The kernel's high-water mark (VmHWM) is reset
// before each measured step where allowed (writing 5 to clear_refs); VmRSS is also polled, so the
// peak is right even where the reset is refused.

import { readFileSync, writeFileSync } from 'node:fs';

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export function rssBytes(pid: number): number {
  return statusKb(pid, 'VmRSS') * 1024;
}

export interface PeakSampler {
  /** The highest resident memory seen since the sampler started, in bytes. */
  stop(): number;
}

export function samplePeakRss(pid: number, everyMs = 20): PeakSampler {
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {
    // Not allowed here: the polled figure stands alone.
  }
  let peak = statusKb(pid, 'VmRSS');
  const timer = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS'));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, statusKb(pid, 'VmRSS'));
      if (hwmReset) peak = Math.max(peak, statusKb(pid, 'VmHWM'));
      return peak * 1024;
    },
  };
}
