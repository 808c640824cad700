import { z } from 'zod';
import { type Endpoint, editorsOnly, endpoint, signedIn } from './endpoint';
import { errorResponse, isoDate, ok } from './shared';

export const IMPORT_KINDS = ['raw-data', 'future-scheduled', 'ignore-list', 'leads'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What the import history lists: the files, and the syncs from Open Dental (rules section 18). */
export const HISTORY_KINDS = [...IMPORT_KINDS, 'opendental-sync'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The kinds a sync from Open Dental replaces (rules section 18); the Ignore List stays. */
export const SYNCED_KINDS: readonly ImportKind[] = ['raw-data', 'future-scheduled'];

export const IMPORT_KIND_NAMES: Record<HistoryKind, string> = {
  'raw-data': 'Full Arch Report',
  'future-scheduled': 'Future Scheduled',
  'ignore-list': 'Ignore List',
  leads: 'Leads',
  'opendental-sync': 'Open Dental sync',
};

export const rowIssue = z.object({ row: z.number().int(), reason: z.string() });
export type RowIssue = z.infer<typeof rowIssue>;

export const importResponse = ok.extend({
  records_imported: z.number().int(),
  rows_skipped: z.number().int(),
  skipped: z.array(rowIssue),
  warnings: z.array(rowIssue),
  unmapped_codes: z.array(z.object({ code: z.string(), count: z.number().int() })),
});
export type ImportResponse = z.infer<typeof importResponse>;

/**
 * A preview (`dry_run` 'true'): the import's own answer, what it would do to the rows stored now,
 * and the id that imports the file kept on the server without sending it again
 * (docs/behaviour.md section 2).
 */
export const importPreviewResponse = importResponse.extend({
  dry_run: z.literal(true),
  /** Whether the import would replace the stored rows of this kind or merge into them. */
  replace: z.boolean(),
  /** Rows of this kind stored now that the import would remove: 0 for a merge. */
  replaces: z.number().int(),
  /** Earliest and latest valid date of the rows (appointment dates for Future Scheduled, lead dates for Leads). */
  date_range: z.object({ from: isoDate, to: isoDate }).nullable(),
  /** Future Scheduled: rows dated before the server's today; null for the other kinds. */
  past_dates: z.number().int().nullable(),
  /** The other kind of file whose headers these are, or null. */
  looks_like: z.enum(IMPORT_KINDS).nullable(),
  /** Warnings in words: headers of another kind, a Future Scheduled file mostly in the past. */
  cautions: z.array(z.string()),
  /** Sent back as `preview_id` to import the file; good until `expires_at`, for this user only. */
  preview_id: z.string(),
  expires_at: z.string(),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

/** A refused file: the error, and for a file with no valid row, the rows that were skipped. */
export const importError = errorResponse.extend({
  skipped: z.array(rowIssue).optional(),
  rows_skipped: z.number().int().optional(),
});

export const importHistoryItem = z.object({
  id: z.number().int(),
  kind: z.enum(HISTORY_KINDS),
  file_name: z.string(),
  username: z.string().nullable(),
  rows_imported: z.number().int(),
  rows_skipped: z.number().int(),
  replace: z.boolean(),
  at: z.string(),
});
export const importHistoryResponse = ok.extend({ imports: z.array(importHistoryItem) });
export type ImportHistoryItem = z.infer<typeof importHistoryItem>;

/**
 * When the latest import finished (ISO 8601), and the day its data runs to (docs/behaviour.md
 * section 6.6: the latest procedure date, today at the latest, `YYYY-MM-DD`); null for none.
 */
export const lastImportResponse = ok.extend({
  last_import_date: z.string().nullable(),
  data_through: z.string().nullable(),
});

export const sampleDataResponse = ok.extend({
  message: z.string(),
  imports: z.array(z.object({ kind: z.enum(IMPORT_KINDS), records_imported: z.number().int() })),
});

/** How long the server keeps a previewed file for its confirmation. */
export const PREVIEW_MINUTES = 10;

const UPLOAD_FIELDS = [
  'multipart/form-data fields:',
  "`file`, the file; `replace`, 'true' or 'false';",
  "`dry_run` 'true': read and check the file, change nothing, and answer the preview",
  `(dry_run, replaces, date_range, past_dates, looks_like, cautions, preview_id, expires_at); the file is kept ${PREVIEW_MINUTES} minutes;`,
  '`preview_id` instead of `file`: import the file that preview kept (the same user and kind only;',
  "410 once used, cancelled or expired). `replace` then defaults to the preview's.",
].join(' ');

/** A file upload: multipart with `file` and `replace`, or `dry_run`, or `preview_id`. */
const uploadEndpoint = <K extends ImportKind>(kind: K) =>
  endpoint({
    method: 'POST',
    path: `/api/import/${kind}`,
    access: editorsOnly,
    tag: 'import',
    multipart: true,
    notes: UPLOAD_FIELDS,
    // A preview first: an import's answer lacks its fields, so it is read as the import's own.
    response: z.union([importPreviewResponse, importResponse]),
  });

export const importsApi = {
  upload: {
    'raw-data': uploadEndpoint('raw-data'),
    'future-scheduled': uploadEndpoint('future-scheduled'),
    'ignore-list': uploadEndpoint('ignore-list'),
    leads: uploadEndpoint('leads'),
  } satisfies Record<ImportKind, Endpoint>,
  /** Drops a previewed file that will not be imported (Cancel, another file chosen). */
  cancelPreview: endpoint({
    method: 'DELETE',
    path: '/api/import/preview/:id',
    access: editorsOnly,
    tag: 'import',
    params: z.object({ id: z.string().max(100) }),
    response: ok,
  }),
  sampleData: endpoint({
    method: 'POST',
    path: '/api/import/sample-data',
    access: editorsOnly,
    tag: 'import',
    response: sampleDataResponse,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/import/history',
    access: signedIn,
    tag: 'import',
    response: importHistoryResponse,
  }),
};
