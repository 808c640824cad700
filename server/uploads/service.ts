import { basename } from 'node:path';
import { desc } from 'drizzle-orm';
import type { ImportKind, ImportResponse } from '../../common/api/imports';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { freshTable } from '../db/fresh-table';
import { sqlColumns } from '../db/rows';
import { imports } from '../db/schema';
import { bumpDataVersion } from '../db/versions';
import type { LeadFigures } from '../domain/leads';
import { type IgnoreRecord, ImportFileError } from '../file-reading';
import { HttpError } from '../http/errors';
import { storeImport } from '../import-store/store';
import { COLUMNS_OF, dedupeIgnore, TABLE_OF } from '../import-store/tables';
import { checkSomethingToImport } from '../import-store/tally';
import { today } from '../platform/clock';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../platform/import-limits';
import {
  meaningfulCodes,
  rebuildFromDigest,
  recalculateScoresheet,
  refreshLocations,
  refreshPatients,
} from '../scoresheet/recalculate';
import { ReadThread } from './read-thread';
import { planLeads, storeLeadPeople, storeLeads } from './store-leads';

/** COPY text chunks in flight between the reading thread and the database. */
const READ_WINDOW = 4;

/** The Ignore List merges repeated entries as it goes (ON CONFLICT), a batch at a time. */
async function storeIgnoreList(tx: Tx, batches: AsyncIterable<IgnoreRecord[]>): Promise<void> {
  for await (const records of batches) await storeIgnore(tx, records);
}

async function storeIgnore(tx: Tx, records: IgnoreRecord[]): Promise<void> {
  const rows = dedupeIgnore(records);
  const CHUNK = 1000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const params: unknown[] = [];
    const values = chunk.map((r, j) => {
      params.push(r.patient_key, r.patient_name, r.year_code, r.notes);
      return `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4})`;
    });
    await tx.query(
      `INSERT INTO ignore_list (patient_key, patient_name, year_code, notes) VALUES ${values.join(', ')}
       ON CONFLICT (patient_key, year_code) DO UPDATE SET notes = EXCLUDED.notes`,
      params,
    );
  }
}

export interface UploadedFile {
  path: string;
  fileName: string;
}

/**
 * The name as the file type is decided by: control characters (a NUL among them) are dropped, as
 * no name shows them. The history stores it cut to 255 characters.
 */
export const fullNameOf = (fileName: string) =>
  [...basename(fileName)].filter((c) => c >= ' ' && c !== '\u007f').join('');

export interface ImportOptions {
  limits?: ImportLimits;
  /** Checked under the data-change lock, before anything is read: throws to refuse the import. */
  precondition?: (tx: Tx) => Promise<void>;
  /** Given what the figures read of the leads, once committed, when the import made it (store-leads.ts). */
  offerFigures?: FiguresOffer;
}

/** Takes the leads as the figures read them, made by the import of the data version given. */
export type FiguresOffer = (version: string, figures: LeadFigures) => void;

/**
 * Imports one file in one transaction together with the scoresheet recalculation: it applies
 * completely or changes nothing (docs/behaviour.md section 2).
 */
export async function importFile(
  db: Db,
  actor: Actor,
  kind: ImportKind,
  file: UploadedFile,
  replace: boolean,
  { limits = DEFAULT_IMPORT_LIMITS, precondition, offerFigures }: ImportOptions = {},
): Promise<ImportResponse> {
  // What the figures read of a Leads file's leads, when the import makes it (store-leads.ts).
  let made = null as { version: string; figures: Promise<LeadFigures> } | null;
  // The whole name decides the file type; the stored name is cut to fit the history column.
  const fullName = fullNameOf(file.fileName);
  const fileName = fullName.slice(0, 255);
  // The file is read in a thread of its own, started now so that its start overlaps the lock.
  const reader = new ReadThread({
    path: file.path,
    fileName: fullName,
    window: READ_WINDOW,
    countOnly: false,
  });
  // Every import rebuilds who the leads are (section 19) and, but for a Leads file, the patients;
  // a Full Arch Report the scoresheet too.
  const rebuilt = ['patients', 'lead_people', ...(kind === 'raw-data' ? ['scoresheet'] : [])];
  const entry = { kind, fileName, replace, rewritten: replace ? [TABLE_OF[kind], ...rebuilt] : rebuilt };
  try {
    const response = await storeImport(
      db,
      actor,
      entry,
      async (tx, mappings) => {
        // A Full Arch Report that replaces every procedure is the whole table: what the rebuilds
        // after it need is gathered as its rows go by, instead of reading them all back.
        const digesting = kind === 'raw-data' && replace;
        // A Leads file's patients are read while the thread reads its first rows, and rows on.
        const planning = kind === 'leads' ? planLeads(tx, replace) : null;
        planning?.catch(() => {});
        reader.begin({
          kind,
          mapped: mappings.map((m) => m.proc_code),
          meaningful: digesting ? [...meaningfulCodes(mappings)] : null,
          limits,
          today: today(),
        });
        // The first rows are read before anything is deleted: a refused file never touches the tables.
        await reader.started();
        const leads = planning && (await planning);
        if (leads) reader.leadPatients(leads.leadPatients);
        // A replacing Full Arch Report fills a new procedures table, which takes the old one's
        // place once indexed (db/fresh-table.ts); other files empty their table first.
        const fresh = digesting ? await freshTable(tx, TABLE_OF[kind]) : null;
        // The old rows go while the first chunks are read: a transaction's statements run in the
        // order they are sent, so the rows stored next come after the DELETE all the same.
        const deleting =
          replace && !fresh && kind !== 'leads'
            ? tx.query(`DELETE FROM ${TABLE_OF[kind]}`)
            : Promise.resolve([]);
        deleting.catch(() => {});
        // The database stores one chunk while the reading thread makes the next.
        const storing =
          kind === 'ignore-list'
            ? storeIgnoreList(tx, reader.records())
            : leads
              ? storeLeads(tx, leads, reader.chunks(), db.kind)
              : tx.copyText(fresh?.name ?? TABLE_OF[kind], COLUMNS_OF[kind], reader.chunks());
        const [, stored] = await Promise.all([deleting, storing]);
        const { tally, digest } = await reader.done();
        checkSomethingToImport(tally);
        if (digest)
          await rebuildFromDigest(tx, fresh, {
            locations: digest.locations,
            patients: () => reader.patients(),
            scoresheet: (settings) => reader.scoresheet(settings),
          });
        else if (stored) {
          // The reports' patients stand as they are: only what the leads made is worked out again.
          // Leads' offices do not join the locations list (section 19).
          const people = await storeLeadPeople(tx, reader, stored);
          const version = await bumpDataVersion(tx, { leadsOnly: true });
          if (people) made = { version, figures: people.figures };
        } else {
          await refreshPatients(tx);
          if (kind === 'raw-data' || kind === 'future-scheduled') await refreshLocations(tx);
          if (kind === 'raw-data') await recalculateScoresheet(tx);
          else await bumpDataVersion(tx);
        }
        return tally.response;
      },
      precondition,
    );
    // Taken in while the import committed: offered once they are (or not, if the thread failed,
    // and the figures then read them back), so the answer comes with the figures ready.
    if (made) {
      const figures = await made.figures.catch(() => null);
      if (figures) offerFigures?.(made.version, figures);
    }
    return response;
  } catch (err) {
    if (err instanceof ImportFileError) throw new HttpError(err.status, err.message, { code: err.code });
    throw err;
  } finally {
    await reader.stop();
  }
}

export async function importHistory(db: Tx, limit = 50) {
  const rows = await db.orm
    .select(
      sqlColumns(
        imports,
        'id',
        'kind',
        'file_name',
        'username',
        'rows_imported',
        'rows_skipped',
        'replace',
        'at',
      ),
    )
    .from(imports)
    .orderBy(desc(imports.id))
    .limit(limit);
  return { success: true as const, imports: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}
