export type CopyValue = string | number | boolean | null;

/**
 * Rows as COPY's CSV text: strings quoted (so an empty one is not NULL), NULL as nothing. Written
 * field by field into one string, with no array per row: the largest imports pass every row here.
 * Apart from the database client, so that a reading thread can make it without loading one.
 */
export function toCsv(rows: CopyValue[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (i > 0) out += ',';
      if (typeof v === 'string') out += v.includes('"') ? `"${v.replaceAll('"', '""')}"` : `"${v}"`;
      else if (v !== null) out += String(v);
    }
    out += '\n';
  }
  return out;
}
