import { z } from 'zod';
import { type Endpoint, editorsOnly, endpoint, signedIn } from './endpoint';
import { ok } from './shared';

export const IMPORT_KINDS = ['raw-data', 'future-scheduled', 'ignore-list'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_NAMES: Record<ImportKind, string> = {
  'raw-data': 'Full Arch Report',
  'future-scheduled': 'Future Scheduled',
  'ignore-list': 'Ignore List',
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

/** A refused file: the error, and for a file with no valid row, the rows that were skipped. */
export const importError = z.object({
  success: z.literal(false),
  error: z.string(),
  skipped: z.array(rowIssue).optional(),
  rows_skipped: z.number().int().optional(),
});

export const importHistoryItem = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  username: z.string().nullable(),
  rows_imported: z.number().int(),
  rows_skipped: z.number().int(),
  replace: z.boolean(),
  at: z.string(),
});
export const importHistoryResponse = ok.extend({ imports: z.array(importHistoryItem) });
export type ImportHistoryItem = z.infer<typeof importHistoryItem>;

export const lastImportResponse = ok.extend({ last_import_date: z.string().nullable() });

export const sampleDataResponse = ok.extend({
  message: z.string(),
  imports: z.array(z.object({ kind: z.enum(IMPORT_KINDS), records_imported: z.number().int() })),
});

/** A file upload: multipart with `file` and `replace` ('true' or 'false'). */
const uploadEndpoint = <K extends ImportKind>(kind: K) =>
  endpoint({
    method: 'POST',
    path: `/api/import/${kind}`,
    access: editorsOnly,
    tag: 'import',
    multipart: true,
    response: importResponse,
  });

export const importsApi = {
  upload: {
    'raw-data': uploadEndpoint('raw-data'),
    'future-scheduled': uploadEndpoint('future-scheduled'),
    'ignore-list': uploadEndpoint('ignore-list'),
  } satisfies Record<ImportKind, Endpoint>,
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
