/**
 * The sample leads' dates are fixed in samples/leads.csv, like the rest of the sample practice,
 * yet the New leads card (docs/behaviour.md section 19) shows only leads of the last 90 days, and
 * a coordinator's first job is those of yesterday. So when the samples are loaded, the leads dated
 * after the practice's last consult (people who have not come in yet) are moved forward together,
 * keeping their spacing, so that the newest is dated yesterday. Earlier leads stay as they are:
 * each of them is on or before the consult it led to, and moving it could break that.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, parseDateText } from '../domain/dates';
import { daysBetween } from '../domain/worklist';

/** A sample lead row's date: the first field, `M/D/YYYY` as the sample generator writes it. */
const LEAD_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),/;

const mdy = (iso: string): string =>
  `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/**
 * The leads file with every lead dated after `after` moved forward by as many days as bring the
 * latest lead to `yesterday`; unchanged when none is after `after` or the latest is yesterday or
 * later (leads never move back). Only the first field of each row is touched.
 */
export function shiftRecentLeads(text: string, after: string, yesterday: string): string {
  const lines = text.split('\r\n');
  const dateOf = (line: string): string | null => {
    const m = LEAD_DATE.exec(line);
    return m ? parseDateText(`${m[1]}/${m[2]}/${m[3]}`) : null;
  };
  let latest: string | null = null;
  for (const line of lines) {
    const date = dateOf(line);
    if (date !== null && date > after && (latest === null || date > latest)) latest = date;
  }
  if (latest === null || latest >= yesterday) return text;
  const shift = daysBetween(latest, yesterday);
  return lines
    .map((line) => {
      const date = dateOf(line);
      if (date === null || date <= after) return line;
      return line.replace(LEAD_DATE, `${mdy(addDays(date, shift))},`);
    })
    .join('\r\n');
}

/**
 * Runs `use` with the path of a copy of `path` whose recent leads end yesterday (as of `today`),
 * `lastConsult` being the practice's last consult date (none: the file as it is), and removes
 * the copy after.
 */
export async function withRecentLeads<T>(
  path: string,
  lastConsult: string | null,
  today: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  if (lastConsult === null) return use(path);
  const dir = await mkdtemp(join(tmpdir(), 'fat-sample-leads-'));
  try {
    const copy = join(dir, 'leads.csv');
    const text = await readFile(path, 'utf8');
    await writeFile(copy, shiftRecentLeads(text, lastConsult, addDays(today, -1)));
    return await use(copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
