import type { Db, Tx } from '../db/client';
import { type FreshTable, freshTable, swapIn } from '../db/fresh-table';
import type { LeadFigures } from '../domain/leads';
import { LEAD_COLUMNS } from '../import-store/tables';
import { readLeadPatients, refreshLeadPeople } from '../scoresheet/lead-people';
import type { ReadThread } from './read-thread';

/**
 * How a Leads file is stored (docs/behaviour.md section 19), in two ways:
 *
 * - When its leads become all the leads (a replace, or the first leads), the reading thread is
 *   given the patient rows and works out who each lead is as it reads them (import-sink.ts). The
 *   leads go by COPY straight into a new leads table, and who they are into a new `lead_people`
 *   and the rows of the people known only from leads: nothing is read back or rewritten.
 * - Merged into stored leads, the file's leads go to a table of their own first and join the
 *   stored ones in row order: a lead with the key, date and source of a stored one is the same
 *   lead, and the stored one stands. Who the leads are is then worked out again by the database
 *   (refreshLeadPeople), unless the file added none, which changes nothing.
 *
 * Why two: the rebuild from the stored leads took about 3.5 s of the database for 200,000 leads
 * over 140,000 patients, twice the whole COPY of the file (docs/performance.md, leads).
 */
export interface LeadsPlan {
  /** The patient rows for the reading thread (SinkOptions.leadPatients), or null for a merge. */
  leadPatients: string | null;
}

/**
 * The new leads table's indexes that take each lead as it comes, on a PostgreSQL server. The
 * reading thread is the pace of the COPY: alone, the server stored 200,000 leads in about 0.2 s of
 * the 1.3 s it took to read them, and kept these two in 0.6 s more on its own core, where building
 * them afterwards took 0.35-0.45 s that everything waited for. The third (the patient key, date
 * and source, in no order) would take 0.5 s more and be the pace itself. The embedded database
 * keeps indexes slower than it builds them, and was the pace with them (docs/performance.md, leads).
 */
const KEPT_AS_READ = ['leads_source_key_id', 'leads_person_key'];

/** How this file's leads are stored, decided under the data-change lock. */
export async function planLeads(tx: Tx, replace: boolean): Promise<LeadsPlan> {
  if (!replace) {
    const [{ some }] = await tx.query<{ some: boolean }>('SELECT EXISTS (SELECT FROM leads) AS some');
    if (some) return { leadPatients: null };
  }
  return { leadPatients: await readLeadPatients(tx) };
}

/** What storing the leads left for after the file is read. */
export interface StoredLeads {
  /** The new leads table of leads that become all the leads, swapped in with their people. */
  fresh: FreshTable | null;
  /** Their new `lead_people`, made ready before the leads came, so as to be filled at once. */
  people: FreshTable | null;
  /** Leads merged in: how many the file added. Null when they became all the leads. */
  added: number | null;
}

/** Stores the file's leads as the reading thread makes their COPY text. */
export async function storeLeads(
  tx: Tx,
  plan: LeadsPlan,
  chunks: AsyncIterable<Uint8Array>,
  database: Db['kind'],
): Promise<StoredLeads> {
  if (plan.leadPatients !== null) {
    // What does not wait for the leads is done before them, while the reading thread reads ahead.
    const fresh = await freshTable(tx, 'leads', database === 'pg' ? KEPT_AS_READ : []);
    if (!fresh) await tx.query('DELETE FROM leads');
    const people = await freshTable(tx, 'lead_people');
    if (!people) await tx.query('DELETE FROM lead_people');
    await tx.query('DELETE FROM patients WHERE lead_only');
    await tx.copyText(fresh?.name ?? 'leads', LEAD_COLUMNS, chunks);
    return { fresh, people, added: null };
  }
  // The file's rows numbered in the order they come, which orders them among the stored leads.
  await tx.query(
    `CREATE TEMPORARY TABLE lead_rows (row integer GENERATED ALWAYS AS IDENTITY, patient_key text NOT NULL,
       patient_name text NOT NULL, lead_date date NOT NULL, source text NOT NULL, source_key text NOT NULL,
       phone text, email text, location text, person_key text) ON COMMIT DROP`,
  );
  await tx.copyText('lead_rows', LEAD_COLUMNS, chunks);
  const columns = LEAD_COLUMNS.join(', ');
  const [{ added }] = await tx.query<{ added: number }>(
    `WITH added AS (
       INSERT INTO leads (${columns}) SELECT ${columns} FROM lead_rows ORDER BY row
       ON CONFLICT (patient_key, lead_date, source_key) DO NOTHING RETURNING 1)
     SELECT count(*)::integer AS added FROM added`,
  );
  await tx.query('DROP TABLE lead_rows');
  return { fresh: null, people: null, added };
}

/**
 * Who the leads are, once the file has been read: stored as the reading thread made it, or worked
 * out again. The first way answers them as the figures read them too, so that the figures need not
 * read them back (dashboard/data.ts), still being taken in by the server's thread; the second, null.
 */
export async function storeLeadPeople(
  tx: Tx,
  reader: ReadThread,
  stored: StoredLeads,
): Promise<{ figures: Promise<LeadFigures> } | null> {
  if (stored.added !== null) {
    if (stored.added > 0) await refreshLeadPeople(tx);
    return null;
  }
  // What the figures read is taken in meanwhile: the leads while the database indexes them and the
  // reading thread writes who they are, then the people while the database stores them.
  const figures = reader.figures();
  figures.catch(() => {});
  const [, people] = await Promise.all([stored.fresh?.index(), reader.peopleText()]);
  const table = stored.people?.name ?? 'lead_people';
  await tx.copyText(table, ['person_key', 'source', 'first_lead_date', 'phone'], people);
  // The reading thread writes the lead-only patients meanwhile.
  await stored.people?.index();
  await tx.copyText(
    'patients',
    ['patient_key', 'patient_name', 'phone', 'lead_only'],
    await reader.leadOnlyText(),
  );
  await swapIn(tx, [stored.fresh, stored.people]);
  // Not awaited here: the commit need not wait for the server's thread to take them in.
  return { figures };
}
