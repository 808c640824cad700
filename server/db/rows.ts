import { type Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

// Raw SQL returns rows under the columns' SQL names (provider_name), while Drizzle's inferred types
// use the schema's property names (providerName). These helpers give both the schema's types
// under the SQL names, so raw reads and typed ones return rows of one shape, as the API sends them.

type Columns<T extends Table> = T['_']['columns'];
type SqlName<T extends Table, K extends keyof Columns<T>> = Columns<T>[K]['_']['name'];

/** A table's columns keyed by their SQL names. */
export type SqlColumns<T extends Table> = { [K in keyof Columns<T> as SqlName<T, K>]: Columns<T>[K] };

/** One row of a table as raw SQL returns it, typed by the schema. */
export type Row<T extends Table> = {
  [K in keyof Columns<T> & keyof InferSelectModel<T> as SqlName<T, K>]: InferSelectModel<T>[K];
};

/** The columns of the optional side of an outer join, each of which may then be null. */
export type Nullable<R> = { [K in keyof R]: R[K] | null };

/**
 * A selection for Drizzle's `select()` and `returning()` that names each column by its SQL name,
 * so the rows come back as `Row<T>` (or the named columns of it, in the order given).
 */
export function sqlColumns<
  T extends Table,
  N extends keyof SqlColumns<T> & string = keyof SqlColumns<T> & string,
>(table: T, ...names: N[]): Pick<SqlColumns<T>, N> {
  const byName = new Map<string, Column>(Object.values(getTableColumns(table)).map((c) => [c.name, c]));
  const picked = names.length ? names : [...byName.keys()];
  return Object.fromEntries(picked.map((name) => [name, byName.get(name)])) as Pick<SqlColumns<T>, N>;
}

/** A table's column list for raw SQL, in the schema's order. */
export const columnList = (table: Table): string =>
  Object.values(getTableColumns(table))
    .map((c) => c.name)
    .join(', ');
