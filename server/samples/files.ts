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
import { withRecentLeads } from './recent-leads';
import { addSampleSpend } from './spend';

/** The bundled files, in the order they load: the leads last, matched against the patients. */
export const SAMPLE_FILES: Record<ImportKind, string> = {
  'raw-data': 'full-arch-report.csv',
  'future-scheduled': 'future-scheduled.csv',
  'ignore-list': 'ignore-list.csv',
  leads: 'leads.csv',
};

/** The practice's last consult date as loaded; null when it has none. */
async function lastConsult(db: Db): Promise<string | null> {
  const [row] = await db.query<{ day: string | null }>(
    'SELECT max(consult_date)::text AS day FROM scoresheet',
  );
  return row?.day ?? null;
}

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
    const load = (from: string) =>
      importFile(db, actor, kind, { path: from, fileName: file }, true, { precondition: check });
    // The newest leads are kept recent whenever the samples are loaded (recent-leads.ts).
    const result =
      kind === 'leads' ? await withRecentLeads(path, await lastConsult(db), today(), load) : await load(path);
    imports.push({ kind, records_imported: result.records_imported });
  }
  await db.transaction((tx) => addSampleActivities(tx, actor, today()));
  await addSampleGoals(db, actor, today());
  await addSampleSpend(db, actor);
  return {
    success: true as const,
    message: 'Sample data loaded. Import your own files at any time to replace it.',
    imports,
  };
}
