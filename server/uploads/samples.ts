import { join } from 'node:path';
import type { ImportKind } from '../../common/api/imports';
import type { Actor } from '../audit/service';
import type { Db } from '../db/client';
import { imports as importsTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { importFile } from './service';

export const SAMPLE_FILES: Record<ImportKind, string> = {
  'raw-data': 'full-arch-report.csv',
  'future-scheduled': 'future-scheduled.csv',
  'ignore-list': 'ignore-list.csv',
};

/** Imports the bundled sample files; offered only while nothing has been imported yet. */
export async function loadSampleData(db: Db, actor: Actor, samplesDir: string) {
  if ((await db.orm.$count(importsTable)) > 0)
    throw new HttpError(
      409,
      'Data has already been imported; sample data is only offered on an empty system',
    );
  const imports = [];
  for (const [kind, file] of Object.entries(SAMPLE_FILES) as [ImportKind, string][]) {
    const result = await importFile(db, actor, kind, { path: join(samplesDir, file), fileName: file }, true);
    imports.push({ kind, records_imported: result.records_imported });
  }
  return {
    success: true as const,
    message: 'Sample data loaded. Import your own files at any time to replace it.',
    imports,
  };
}
