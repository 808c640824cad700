import type { Tx } from './client';

/**
 * A table's new rows, filled into a new table of the same shape that takes the old one's place
 * just before the transaction commits (swapIn; docs/architecture.md, "An import, step by step").
 *
 * Why: filling a table through its indexes was most of what the database spent on a replacing
 * import. 600,000 procedures COPY'd into the table took 2.7 s, 1.3 s of it inserting patient keys
 * into their index in the file's order; into a table without that index 1.35 s, and building the
 * index afterwards, one sort, 0.4 s. 140,000 patients: 0.9 s into their primary key in the
 * file's order, 0.4 s sorted first, 0.16 s into a new table with the key built after. Deleting the
 * old rows first, and the dead rows left for vacuuming, go too.
 *
 * What others see: the old rows until the commit, as with DELETE; a statement that reads the
 * table between the swap and the commit (a few milliseconds) waits for the commit.
 */
export interface FreshTable {
  /** The table replaced. */
  readonly table: string;
  /** Where its new rows go. */
  readonly name: string;
  /** Builds the indexes the new rows were filled without (once; swapIn does it if not done). */
  index(): Promise<void>;
  /** Puts the new table in the old one's place: swapIn calls it, indexed, with the old one locked. */
  swap(): Promise<void>;
}

interface IndexDef {
  name: string;
  def: string;
  primary: boolean;
  columns: string[];
}

/** The suffix of the table and indexes being filled, dropped at the swap. */
const NEXT = '__next';

/**
 * Starts the replacement of `table`, or returns null when it must be emptied and filled in place:
 * when this connection's role does not own it (so may not drop it) or another object refers to it
 * (a foreign key, a view). The new table has the old one's columns, defaults and constraints; its
 * indexes are built once it is filled, except a primary key of ids a sequence gives, which takes
 * each new row at its end, and those named in `filledThrough`, which take each row as it comes:
 * for a caller whose rows come slower than the database stores them, so that the database keeps
 * them while it would otherwise wait. Every statement runs in the caller's transaction, so a
 * failure or a kill anywhere leaves the old table as it was.
 */
export async function freshTable(
  tx: Tx,
  table: string,
  filledThrough: readonly string[] = [],
): Promise<FreshTable | null> {
  const [usable] = await tx.query<{ usable: boolean }>(
    `SELECT pg_has_role(c.relowner, 'USAGE')
       AND NOT EXISTS (SELECT FROM pg_constraint f WHERE f.confrelid = c.oid)
       AND NOT EXISTS (SELECT FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
                       WHERE d.classid = 'pg_rewrite'::regclass AND d.refobjid = c.oid AND r.ev_class <> c.oid)
       AS usable
     FROM pg_class c WHERE c.oid = $1::regclass`,
    [table],
  );
  if (!usable?.usable) return null;
  const indexes = await tx.query<IndexDef>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def, x.indisprimary AS primary,
       array(SELECT a.attname FROM unnest(x.indkey) k JOIN pg_attribute a
             ON a.attrelid = x.indrelid AND a.attnum = k)::text[] AS columns
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass ORDER BY i.relname`,
    [table],
  );
  // Sequences the table's columns own (a bigserial id): they must outlive the old table.
  const sequences = await tx.query<{ sequence: string; column: string }>(
    `SELECT s.oid::regclass::text AS sequence, a.attname AS column
     FROM pg_depend d
     JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
     JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
     WHERE d.classid = 'pg_class'::regclass AND d.refobjid = $1::regclass AND d.deptype = 'a'`,
    [table],
  );
  const beforeFill = (index: IndexDef) =>
    filledThrough.includes(index.name) ||
    (index.primary && index.columns.length === 1 && sequences.some((s) => s.column === index.columns[0]));
  const next = `${table}${NEXT}`;
  await tx.query(`CREATE TABLE ${next} (LIKE ${table} INCLUDING ALL EXCLUDING INDEXES)`);
  const build = async (index: IndexDef) => {
    await tx.query(renamed(index.def, next));
    if (index.primary) await tx.query(`ALTER TABLE ${next} ADD PRIMARY KEY USING INDEX ${index.name}${NEXT}`);
  };
  for (const index of indexes) if (beforeFill(index)) await build(index);
  let indexed: Promise<void> | null = null;
  return {
    table,
    name: next,
    index() {
      indexed ??= (async () => {
        for (const index of indexes) if (!beforeFill(index)) await build(index);
      })();
      return indexed;
    },
    async swap() {
      for (const { sequence, column } of sequences)
        await tx.query(`ALTER SEQUENCE ${sequence} OWNED BY ${next}.${column}`);
      await tx.query(`DROP TABLE ${table}`);
      await tx.query(`ALTER TABLE ${next} RENAME TO ${table}`);
      // An index that backs a constraint renames the constraint with it.
      for (const index of indexes) await tx.query(`ALTER INDEX ${index.name}${NEXT} RENAME TO ${index.name}`);
    },
  };
}

/** An index's definition (pg_get_indexdef) as the same index of the new table. */
function renamed(def: string, next: string): string {
  const parts = /^(CREATE (?:UNIQUE )?INDEX )(\S+) ON (?:ONLY )?\S+ (USING .*)$/.exec(def);
  if (!parts) throw new Error(`Unexpected index definition: ${def}`);
  return `${parts[1]}${parts[2]}${NEXT} ON ${next} ${parts[3]}`;
}

/** How long one try to lock the old tables waits before it lets go and tries again. */
const LOCK_TRY_MS = 100;
/** After this many tries, the lock is waited for like any other. */
const LOCK_TRIES = 50;

/**
 * Puts each filled table in its old one's place, the old ones locked first, all at once. Readers
 * hold the tables a statement at a time, and one that has locked one of them may be waiting for
 * another: waiting for every table while holding some could then deadlock with it. So each try
 * waits briefly and, failing, gives back what it took (its savepoint) and lets the reader finish.
 */
export async function swapIn(tx: Tx, tables: (FreshTable | null)[]): Promise<void> {
  const fresh = tables.filter((t): t is FreshTable => t !== null);
  if (fresh.length === 0) return;
  for (const t of fresh) await t.index();
  const lock = `LOCK TABLE ${fresh.map((t) => t.table).join(', ')} IN ACCESS EXCLUSIVE MODE`;
  // Set outside the savepoint, so that a try given back keeps it; each statement waits for the
  // server's thread, which is busy at the end of an import, so the tries take few of them.
  await tx.query(`SET LOCAL lock_timeout = ${LOCK_TRY_MS}`);
  let locked = false;
  for (let attempt = 1; attempt < LOCK_TRIES && !locked; attempt++) {
    await tx.query('SAVEPOINT swap_in');
    try {
      await tx.query(lock);
      locked = true;
    } catch (err) {
      // 55P03: lock_not_available, the try's time ran out.
      if ((err as { code?: string }).code !== '55P03') throw err;
      await tx.query('ROLLBACK TO SAVEPOINT swap_in');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * LOCK_TRY_MS));
    } finally {
      await tx.query('RELEASE SAVEPOINT swap_in').catch(() => {});
    }
  }
  await tx.query('SET LOCAL lock_timeout = 0');
  if (!locked) await tx.query(lock);
  for (const t of fresh) await t.swap();
}
