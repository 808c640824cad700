// Everything one bench run measures, as saved to .bench/results/ and printed by table.ts.

import type { BackupFigures } from './backups';
import type { BundleSize } from './bundle';
import type { CaseWorkFigures } from './case-work';
import type { CleanCopyReference } from './clean-copy';
import type { CopyReference } from './copy-reference';
import type { WaitFigures } from './during';
import type { LoadResult } from './load';
import type { Machine } from './machine';
import type { ParseResult } from './parse-reference';

export interface ImportFigure {
  seconds: number;
  rows: number;
  fileBytes: number;
  peakRssBytes: number;
  /** How long health and a dashboard call waited while it ran. */
  waits: WaitFigures[];
}

export interface BenchResults {
  machine: Machine;
  /** A backup and a restore of the practice (scripts/bench/backups.ts). */
  backups?: BackupFigures;
  database: string;
  rowsOption: number;
  dataset: { patients: number; procedures: number; appointments: number; ignore: number; leads: number };
  csvImport: ImportFigure;
  copyReference: CopyReference;
  /** COPY of the same rows, normalized beforehand: the reference for both imports. */
  cleanCopy: CleanCopyReference;
  csvReadAlone: ParseResult;
  xlsxImport: ImportFigure;
  /** The reference: ExcelJS's streaming reader over the file. */
  xlsxParseAlone: ParseResult;
  /** The product's own streaming parse of the file (server/file-reading/xlsx.ts). */
  xlsxOwnParseAlone: ParseResult;
  xlsxReadAlone: ParseResult;
  leads: LeadsFigures;
  recalculationSeconds: number[];
  /** The first dashboard request after the XLSX import: the Consult Overview, as the tab opens. */
  firstCallAfterImportSeconds: number;
  dashboardColdSeconds: number;
  detailLists: DetailListSize[];
  serverIdleRssBytes: number;
  load: {
    seconds: number;
    warmSeconds: number;
    connections: number;
    verifyToken: LoadResult;
    health: LoadResult;
    dashboard: LoadResult[];
    /** The worklist again, once the activities are written: with and without assigned_to=me. */
    caseWork: LoadResult[];
  };
  caseWork: CaseWorkFigures;
  bundle: BundleSize;
}

/** The leads file over the practice: its import against its clean COPY (docs/behaviour.md section 19). */
export interface LeadsFigures {
  cleanCopy: CleanCopyReference;
  import: ImportFigure;
}

export interface DetailListSize {
  path: string;
  rows: number;
  jsonBytes: number;
  gzipBytes: number;
}

/** Above this many rows the targets are the largest group's (3 million rows). */
export const LARGE_ROWS = 1_500_000;

export const TARGETS = {
  csvRatio: 1.5,
  xlsxRatio: 1.5,
  csvCleanRatio: 1.5,
  xlsxCleanRatio: 2.0,
  leadsCleanRatio: 2.0,
  dashboardShare: 0.5,
  dashboardP99Ms: 20,
  peakRssBytes: 700 * 1024 ** 2,
  /** Health and a dashboard call while a report imports: the longest wait. */
  waitMaxMs: 250,
  firstCallSeconds: 2,
  firstLoadGzipBytes: 250 * 1024,
  writeThenReadP99Ms: 150,
  /** A backup and a restore against pg_dump -Fc and pg_restore of the same database. */
  backupRatio: 1.5,
  restoreRatio: 1.5,
  /** A dashboard call while a backup runs: its p99. */
  backupWaitP99Ms: 250,
};
export type Targets = typeof TARGETS;

/** The largest group is allowed more memory and a longer tail under load. */
export function targetsFor(rows: number): Targets {
  return rows > LARGE_ROWS
    ? {
        ...TARGETS,
        csvCleanRatio: 1.6,
        xlsxCleanRatio: 2.1,
        dashboardP99Ms: 50,
        peakRssBytes: 1.5 * 1024 ** 3,
      }
    : TARGETS;
}
