/** What the server's thread and a file's reading thread (read-worker.ts) say to each other. */

import type { ErrorCode } from '../../common/api/error-codes';
import type { ImportKind } from '../../common/api/imports';
import { type IgnoreRecord, ImportFileError } from '../file-reading';
import type { FileFormat } from '../file-reading/detect';
import type { ColumnMap } from '../file-reading/headers';
import type { PackedRows } from '../file-reading/row-pack';
import { HttpError } from '../http/http-error';
import type { FigureLeads, FigurePeople } from '../import-store/figures-pack';
import type { SinkOptions } from '../import-store/import-sink';
import type { TallySummary } from '../import-store/tally';
import type { ScoresheetSettings } from '../scoresheet/from-digest';

export interface ReadJob {
  path: string;
  /** The whole name, which decides the file type. */
  fileName: string;
  batchSize?: number;
  /** Chunks in flight before the reader waits for the database to take one. */
  window: number;
  /** A preview: read and count, store nothing. */
  countOnly: boolean;
}

/** An error as it crosses threads: our own kinds keep their status, words and code. */
export type ErrorMessage =
  | { kind: 'file'; status: 415 | 422; message: string; code: ErrorCode }
  | {
      kind: 'http';
      status: number;
      message: string;
      code: ErrorCode;
      field?: string;
      extra: Record<string, unknown>;
    }
  | { kind: 'other'; message: string; code?: string; syscall?: string };

export type FromReader =
  | { type: 'header'; header: string[] }
  | { type: 'started' }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'records'; records: IgnoreRecord[] }
  | {
      type: 'done';
      tally: TallySummary;
      /** When the file replaced every procedure: the office spellings, in the order first seen. */
      digest: { locations: string[] } | null;
    }
  /** When the file replaced every procedure, right after `done`: the patients' COPY text. */
  | { type: 'patients'; text: Uint8Array[] }
  | { type: 'scoresheet'; text: Uint8Array[] }
  /**
   * When a Leads file's leads are attributed as read: the leads as the figures read them, a batch
   * at a time as they are read; after `done`, the COPY text of `lead_people`, then that of the
   * lead-only patients, then the people as the figures read them the same way, and `figures-end`.
   */
  | { type: 'figure-leads'; leads: FigureLeads }
  | { type: 'people'; people: Uint8Array[] }
  | { type: 'lead-only'; patients: Uint8Array[] }
  | { type: 'figure-people'; people: FigurePeople }
  | { type: 'figures-end' }
  | { type: 'failed'; error: ErrorMessage };

export type ToReader =
  | { type: 'begin'; job: ReadJob; sink: SinkOptions }
  /** A Leads file's patients (SinkOptions.leadPatients), read by the server while the thread reads on. */
  | { type: 'lead-patients'; json: string | null }
  | { type: 'ack' }
  /** A batch of `figure-people` taken: the next may come. */
  | { type: 'figures-ack' }
  | { type: 'scoresheet'; settings: ScoresheetSettings };

export function asMessage(error: unknown): ErrorMessage {
  if (error instanceof ImportFileError)
    return { kind: 'file', status: error.status, message: error.message, code: error.code };
  if (error instanceof HttpError) {
    const { status, message, code, field, extra } = error;
    return { kind: 'http', status, message, code, ...(field === undefined ? {} : { field }), extra };
  }
  const e = error as { message?: unknown; code?: unknown; syscall?: unknown };
  return {
    kind: 'other',
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.syscall === 'string' ? { syscall: e.syscall } : {}),
  };
}

export function fromMessage(error: ErrorMessage): Error {
  if (error.kind === 'file') return new ImportFileError(error.status, error.message, error.code);
  if (error.kind === 'http') {
    const { status, message, code, field, extra } = error;
    return new HttpError(status, message, { code, field, extra });
  }
  return Object.assign(new Error(error.message), {
    ...(error.code ? { code: error.code } : {}),
    ...(error.syscall ? { syscall: error.syscall } : {}),
  });
}

/** What a reading thread and the thread it has read a workbook's rows (rows-worker.ts) say. */
export type FromRowReader =
  | { type: 'source'; columns: ColumnMap; header: string[]; checkedText: boolean }
  | { type: 'run'; packed: PackedRows }
  | { type: 'end' }
  | { type: 'failed'; error: ErrorMessage };

export type ToRowReader =
  | { type: 'open'; path: string; format: FileFormat; kind: ImportKind; window: number }
  | { type: 'ack' };
