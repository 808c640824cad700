import { join } from 'node:path';
import type { ImportKind } from '../../common/api/imports';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { imports as importsTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { today } from '../platform/clock';
import { importFile } from '../uploads/service';
import { addSampleActivities } from './activities';
import { addSampleGoals } from './goals';

/** The bundled files, in the order they load; the Leads file has none yet. */
export const SAMPLE_FILES: Record<Exclude<ImportKind, 'leads'>, string> = {
  'raw-data': 'full-arch-report.csv',
  'future-scheduled': 'future-scheduled.csv',
  'ignore-list': 'ignore-list.csv',
};

async function nothingImportedYet(tx: Tx) {
  if ((await tx.orm.$count(importsTable)) > 0)
    throw new HttpError(
      409,
      'Data has already been imported; sample data is only offered on an empty system',
      { code: 'data_already_imported' },
    );
}

/**
 * Imports the bundled sample files; offered only while nothing has been imported yet. The check
 * runs under the data-change lock of the first import, so of two loads at once (through one app
 * process or two) the second is refused instead of loading the samples again.
 */
export async function loadSampleData(db: Db, actor: Actor, samplesDir: string) {
  const imports = [];
  for (const [index, [kind, file]] of (Object.entries(SAMPLE_FILES) as [ImportKind, string][]).entries()) {
    const path = join(samplesDir, file);
    const check = index === 0 ? nothingImportedYet : undefined;
    const result = await importFile(db, actor, kind, { path, fileName: file }, true, undefined, check);
    imports.push({ kind, records_imported: result.records_imported });
  }
  await db.transaction((tx) => addSampleActivities(tx, actor, today()));
  await addSampleGoals(db, actor, today());
  return {
    success: true as const,
    message: 'Sample data loaded. Import your own files at any time to replace it.',
    imports,
  };
}
