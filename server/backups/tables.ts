/**
 * The product's tables as a backup sees them: every table of the database's own schema (so a
 * table a later release adds is in its backups without a list to keep), with the columns that
 * hold values, and the schema level the migrations brought the database to.
 */
import type { Tx } from '../db/client';

export interface TableShape {
  name: string;
  columns: string[];
}

/** Values written and read back exactly whatever the server's settings: dates, times, numbers. */
export const EXACT_TEXT_SETTINGS = [
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  "SET LOCAL TimeZone = 'UTC'",
  'SET LOCAL extra_float_digits = 3',
  "SET LOCAL bytea_output = 'hex'",
];

export async function listTables(tx: Tx): Promise<TableShape[]> {
  const rows = await tx.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  return rows;
}

/** The sequences behind the tables' ids, with where each has got to (null: never used). */
export async function readSequences(tx: Tx): Promise<Record<string, number | null>> {
  const rows = await tx.query<{ name: string; value: string | number | null }>(
    `SELECT sequencename AS name, last_value AS value FROM pg_sequences WHERE schemaname = current_schema()`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value === null ? null : Number(r.value)]));
}

/** How many migrations the database has had (the migrator's own record of them). */
export async function migrationLevel(tx: Tx): Promise<number> {
  const rows = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return rows[0]?.n ?? 0;
}
