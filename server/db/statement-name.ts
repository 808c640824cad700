/**
 * A statement's name for a log line or an error: what it does and to which table, never its
 * values (docs/security.md). In db/, beside the client that names every failing statement.
 */

const KEYWORDS =
  /\b(?:select|insert|into|update|delete|from|with|as|inner|left|right|full|outer|cross|join|only)\b/gi;

/** Where a SELECT's first FROM outside parentheses begins, or -1. */
function topLevelFrom(sql: string): number {
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    if (sql[i] === '(') depth++;
    else if (sql[i] === ')') depth--;
    else if (depth === 0 && /^ from\b/i.test(sql.slice(i, i + 6))) return i;
  }
  return -1;
}

/**
 * The start of a statement, up to its first list, condition or value, the same whether it was
 * written by hand or by Drizzle (lowercase, quoted names): 'INSERT INTO users'. A SELECT is named
 * by its table; a list of columns before it becomes '...'.
 */
export function statementName(sql: string): string {
  let flat = sql.replace(/\s+/g, ' ').trim();
  if (/^select\b/i.test(flat)) {
    const from = topLevelFrom(flat);
    const list = from < 0 ? '' : flat.slice(7, from).trim();
    if (from >= 0 && !/^"?\w+"?$/.test(list)) flat = `SELECT ...${flat.slice(from)}`;
  }
  return flat
    .split(/[()$;]|\b(?:WHERE|VALUES|SET|ORDER|LIMIT|ON|RETURNING)\b/i)[0]
    .replace(/"(\w+)"/g, '$1')
    .replace(KEYWORDS, (k) => k.toUpperCase())
    .trim()
    .slice(0, 80);
}
