// The printed tables (Markdown, so a run can be pasted into docs/performance.md as it is).

import { percentile } from './case-work';
import type { LoadResult } from './load';
import type { Machine } from './machine';
import { TARGETS as BASE_TARGETS, type BenchResults, type LeadsFigures, targetsFor } from './results';

const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What the imports measure, against the clean COPY: printed alone by `--imports-only`. */
type ImportResults = Pick<
  BenchResults,
  'dataset' | 'cleanCopy' | 'csvImport' | 'xlsxImport' | 'leads' | 'serverIdleRssBytes'
>;

/** The leads import against its clean COPY, and the longest wait while it ran. */
function leadsRows(dataset: BenchResults['dataset'], leads: LeadsFigures): string[][] {
  const target = BASE_TARGETS.leadsCleanRatio;
  const figure = leads.import;
  const worst = Math.max(...figure.waits.map((w) => w.max));
  const p99 = Math.max(...figure.waits.map((w) => w.p99));
  return [
    [
      `Leads import, ${int(dataset.leads)} rows over the practice, vs clean COPY`,
      s(figure.seconds),
      `COPY of the leads normalized beforehand ${s(leads.cleanCopy.seconds)} (${mb(leads.cleanCopy.textBytes)} of COPY text)`,
      ratio(figure.seconds, leads.cleanCopy.seconds),
      `<= ${target.toFixed(1)}x`,
      pass(figure.seconds / leads.cleanCopy.seconds <= target),
    ],
    [
      'Health and a dashboard call during the leads import, longest wait (p99)',
      `${worst.toFixed(0)} ms (${p99.toFixed(0)} ms)`,
      `peak RSS ${mb(figure.peakRssBytes)}`,
      '-',
      `max <= ${BASE_TARGETS.waitMaxMs} ms`,
      pass(worst <= BASE_TARGETS.waitMaxMs),
    ],
  ];
}

function importRows(r: ImportResults): string[][] {
  const TARGETS = targetsFor(r.dataset.procedures);
  const csvCleanRatio = r.csvImport.seconds / r.cleanCopy.seconds;
  const xlsxCleanRatio = r.xlsxImport.seconds / r.cleanCopy.seconds;
  const cleanNote = `COPY of the rows normalized beforehand ${s(r.cleanCopy.seconds)} (${mb(r.cleanCopy.textBytes)} of COPY text)`;
  const peak = Math.max(r.csvImport.peakRssBytes, r.xlsxImport.peakRssBytes);
  return [
    [
      'CSV import vs clean COPY',
      s(r.csvImport.seconds),
      cleanNote,
      ratio(r.csvImport.seconds, r.cleanCopy.seconds),
      `<= ${TARGETS.csvCleanRatio.toFixed(1)}x`,
      pass(csvCleanRatio <= TARGETS.csvCleanRatio),
    ],
    [
      'XLSX import vs clean COPY',
      s(r.xlsxImport.seconds),
      cleanNote,
      ratio(r.xlsxImport.seconds, r.cleanCopy.seconds),
      `<= ${TARGETS.xlsxCleanRatio.toFixed(1)}x`,
      pass(xlsxCleanRatio <= TARGETS.xlsxCleanRatio),
    ],
    [
      'Import peak RSS of the server process',
      mb(peak),
      `CSV ${mb(r.csvImport.peakRssBytes)}, XLSX ${mb(r.xlsxImport.peakRssBytes)}; idle ${mb(r.serverIdleRssBytes)}`,
      '-',
      `<= ${(TARGETS.peakRssBytes / 1024 ** 3).toFixed(1)} GB`,
      pass(peak <= TARGETS.peakRssBytes),
    ],
    ...[r.csvImport, r.xlsxImport].map((figure, i) => {
      // Every wait counts, the longest included (the moment the new data takes the old's place).
      const worst = Math.max(...figure.waits.map((w) => w.max));
      const p99 = Math.max(...figure.waits.map((w) => w.p99));
      return [
        `Health and a dashboard call during the ${i === 0 ? 'CSV' : 'XLSX'} import, longest wait (p99)`,
        `${worst.toFixed(0)} ms (${p99.toFixed(0)} ms)`,
        figure.waits
          .map(
            (w) =>
              `${w.path.split('?')[0]}: ${w.requests} requests, p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms`,
          )
          .join('; '),
        '-',
        `max <= ${TARGETS.waitMaxMs} ms`,
        pass(worst <= TARGETS.waitMaxMs),
      ];
    }),
    ...leadsRows(r.dataset, r.leads),
  ];
}

/** The imports' rows of the table, with a heading naming the rows imported. */
export function formatImports(r: ImportResults): string {
  return table(
    ['figure', 'measured', 'reference (same run, same file)', 'ratio', 'target', 'result'],
    importRows(r),
  );
}

/** What `--leads-only` measures. */
export interface LeadsResults {
  machine: Machine;
  database: string;
  dataset: BenchResults['dataset'];
  leads: LeadsFigures;
  load: {
    seconds: number;
    warmSeconds: number;
    connections: number;
    verifyToken: LoadResult;
    marketing: LoadResult;
  };
}

/** The leads' figures alone: their import, and the Marketing return under load. */
export function formatLeads(r: LeadsResults): string {
  const m = r.machine;
  const ref = r.load.verifyToken;
  const row = (name: string, l: LoadResult, judged: boolean): string[] => {
    const share = l.requestsPerSecond / ref.requestsPerSecond;
    const ok = share >= BASE_TARGETS.dashboardShare && l.p99 <= BASE_TARGETS.dashboardP99Ms && l.errors === 0;
    return [
      name,
      int(l.requestsPerSecond),
      `${l.p50} ms`,
      `${l.p99} ms`,
      int(l.errors),
      `${Math.round(share * 100)}%`,
      judged ? pass(ok) : '-',
    ];
  };
  return [
    `Database: ${r.database}. Data: ${int(r.dataset.leads)} leads over ${int(r.dataset.procedures)} procedure rows, ` +
      `${int(r.dataset.appointments)} future appointments, ${int(r.dataset.patients)} patients, 40 providers.`,
    `Machine: ${m.cores} cores (${m.cpu}), ${m.ramGb} GB RAM, Node ${m.node}, ${m.date} UTC.`,
    '',
    table(
      ['figure', 'measured', 'reference (same run, same file)', 'ratio', 'target', 'result'],
      leadsRows(r.dataset, r.leads),
    ),
    '',
    `Under load: autocannon, ${r.load.connections} connections, ${r.load.seconds} s after ${r.load.warmSeconds} s of warm-up. ` +
      `Target: >= ${BASE_TARGETS.dashboardShare * 100}% of verify-token's req/s, p99 <= ${BASE_TARGETS.dashboardP99Ms} ms, no errors.`,
    '',
    table(
      ['endpoint', 'req/s', 'p50', 'p99', 'errors', 'vs verify-token', 'result'],
      [
        row('GET /api/auth/verify-token (reference)', ref, false),
        row(`GET ${r.load.marketing.path}`, r.load.marketing, true),
      ],
    ),
  ].join('\n');
}

export function formatResults(r: BenchResults): string {
  const m = r.machine;
  const TARGETS = targetsFor(r.dataset.procedures);
  const csvRatio = r.csvImport.seconds / r.copyReference.totalSeconds;
  const xlsxRatio = r.xlsxImport.seconds / r.xlsxParseAlone.seconds;
  const rows = int(r.dataset.procedures);
  const main = table(
    ['figure', 'measured', 'reference (same run, same file)', 'ratio', 'target', 'result'],
    [
      [
        `CSV import, ${rows} rows (HTTP, end to end)`,
        s(r.csvImport.seconds),
        `COPY + convert ${s(r.copyReference.totalSeconds)} (COPY ${s(r.copyReference.copySeconds)}, INSERT SELECT ${s(r.copyReference.convertSeconds)})`,
        ratio(r.csvImport.seconds, r.copyReference.totalSeconds),
        `<= ${TARGETS.csvRatio}x`,
        pass(csvRatio <= TARGETS.csvRatio),
      ],
      [
        `XLSX import, ${rows} rows (HTTP, end to end)`,
        s(r.xlsxImport.seconds),
        `streaming parse alone (ExcelJS) ${s(r.xlsxParseAlone.seconds)}`,
        ratio(r.xlsxImport.seconds, r.xlsxParseAlone.seconds),
        `<= ${TARGETS.xlsxRatio}x`,
        pass(xlsxRatio <= TARGETS.xlsxRatio),
      ],
      ...importRows(r),
      [
        'Scoresheet recalculation (a code mapping saved unchanged, median of 3)',
        s(median(r.recalculationSeconds)),
        '-',
        '-',
        '-',
        '-',
      ],
      [
        'First dashboard request after the XLSX import (Consult Overview)',
        s(r.firstCallAfterImportSeconds),
        "loads the figures' inputs for the new data, then the figure",
        '-',
        `<= ${TARGETS.firstCallSeconds} s`,
        pass(r.firstCallAfterImportSeconds <= TARGETS.firstCallSeconds),
      ],
      [
        'First-load JavaScript, gzipped',
        kb(r.bundle.gzipBytes),
        `${r.bundle.files.length} file(s), ${kb(r.bundle.rawBytes)} uncompressed`,
        '-',
        '<= 250 KB',
        pass(r.bundle.gzipBytes <= TARGETS.firstLoadGzipBytes),
      ],
    ],
  );

  const ref = r.load.verifyToken;
  const loadRow = (name: string, l: typeof ref, judged: boolean): string[] => {
    const share = l.requestsPerSecond / ref.requestsPerSecond;
    const ok = share >= TARGETS.dashboardShare && l.p99 <= TARGETS.dashboardP99Ms && l.errors === 0;
    return [
      name,
      int(l.requestsPerSecond),
      `${l.p50} ms`,
      `${l.p99} ms`,
      int(l.errors),
      `${Math.round(share * 100)}%`,
      judged ? pass(ok) : '-',
    ];
  };
  const load = table(
    ['endpoint', 'req/s', 'p50', 'p99', 'errors', 'vs verify-token', 'result'],
    [
      loadRow('GET /api/auth/verify-token (reference)', ref, false),
      loadRow('GET /api/health (no sign-in, one SELECT 1)', r.load.health, false),
      ...r.load.dashboard.map((l) => loadRow(`GET ${l.path}`, l, true)),
    ],
  );

  const p99 = percentile(r.caseWork.writeThenReadMs, 99);
  const caseWork = table(
    ['case follow-up', 'req/s', 'p50', 'p99', 'errors', 'vs verify-token', 'result'],
    [
      ...r.load.caseWork.map((l) => loadRow(`GET ${l.path}`, l, true)),
      [
        'POST /api/patient/activity, then GET /api/worklist?limit=100',
        '-',
        `${Math.round(percentile(r.caseWork.writeThenReadMs, 50))} ms`,
        `${Math.round(p99)} ms`,
        '0',
        '-',
        pass(p99 <= TARGETS.writeThenReadP99Ms),
      ],
    ],
  );

  const info = table(
    ['phase', 'time', 'note'],
    [
      [
        'CSV read + validate alone (readImportFile)',
        s(r.csvReadAlone.seconds),
        `${int(r.csvReadAlone.rows)} records, nothing stored`,
      ],
      [
        "XLSX streaming parse alone, the product's own reader",
        s(r.xlsxOwnParseAlone.seconds),
        `${int(r.xlsxOwnParseAlone.rows)} rows, nothing checked`,
      ],
      [
        'XLSX read + validate alone (readImportFile)',
        s(r.xlsxReadAlone.seconds),
        `${int(r.xlsxReadAlone.rows)} records, nothing stored`,
      ],
      [
        'First dashboard request after a recalculation (Providers)',
        s(r.dashboardColdSeconds),
        "loads the figures' inputs for the new data version",
      ],
    ],
  );

  const details = table(
    ['detail list, whole (as an export or an API client asks)', 'rows', 'JSON', 'gzipped'],
    r.detailLists.map((d) => [`GET ${d.path}`, int(d.rows), kb(d.jsonBytes), kb(d.gzipBytes)]),
  );

  return [
    `Database: ${r.database}. Data: ${rows} procedure rows (CSV ${mb(r.csvImport.fileBytes)}, XLSX ${mb(r.xlsxImport.fileBytes)}), ` +
      `${int(r.dataset.appointments)} future appointments, ${int(r.dataset.patients)} patients, 40 providers.`,
    `Machine: ${m.cores} cores (${m.cpu}), ${m.ramGb} GB RAM, Node ${m.node}, ${m.date} UTC.`,
    '',
    main,
    '',
    `Dashboard under load: autocannon, ${r.load.connections} connections, ${r.load.seconds} s per endpoint after ${r.load.warmSeconds} s of warm-up, one signed-in admin token. ` +
      `Target: >= ${TARGETS.dashboardShare * 100}% of verify-token's req/s, p99 <= ${TARGETS.dashboardP99Ms} ms, no errors.`,
    '',
    load,
    '',
    `Case follow-up: ${int(r.caseWork.activities)} activities written through the API over the due patients (${s(r.caseWork.writeSeconds)}, 8 at a time), then the worklist loaded as above; ` +
      `a call logged then the list read, 200 times in a row (target p99 <= ${TARGETS.writeThenReadP99Ms} ms).`,
    '',
    caseWork,
    '',
    info,
    '',
    details,
  ].join('\n');
}
