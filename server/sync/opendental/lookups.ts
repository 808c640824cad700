/**
 * The small tables read whole before the procedures stream: providers, clinics and confirmation
 * statuses (a few hundred rows in the largest practice), so the big statements need fewer joins.
 */

import type { Connection } from 'mysql2';
import { DEF_CATEGORY_APPT_CONFIRMED, select } from './queries';

export interface Lookups {
  /** ProvNum to the name a file would show: Abbr, or `FName LName` when Abbr is empty. */
  providers: Map<number, string>;
  /** ClinicNum to its Description. */
  clinics: Map<number, string>;
  /** DefNum to ItemName, for appointment confirmation statuses. */
  confirmations: Map<number, string>;
}

const text = (value: string | null | undefined): string => value ?? '';

export async function readLookups(connection: Connection): Promise<Lookups> {
  const providers = new Map<number, string>();
  const rows = await select<{
    ProvNum: number;
    Abbr: string | null;
    FName: string | null;
    LName: string | null;
  }>(connection, 'SELECT ProvNum, Abbr, FName, LName FROM provider');
  for (const p of rows) {
    const abbr = text(p.Abbr);
    providers.set(Number(p.ProvNum), abbr.trim() !== '' ? abbr : `${text(p.FName)} ${text(p.LName)}`);
  }
  const clinics = new Map<number, string>();
  for (const c of await select<{ ClinicNum: number; Description: string | null }>(
    connection,
    'SELECT ClinicNum, Description FROM clinic',
  ))
    clinics.set(Number(c.ClinicNum), text(c.Description));
  const confirmations = new Map<number, string>();
  for (const d of await select<{ DefNum: number; ItemName: string | null }>(
    connection,
    'SELECT DefNum, ItemName FROM definition WHERE Category = ?',
    [DEF_CATEGORY_APPT_CONFIRMED],
  ))
    confirmations.set(Number(d.DefNum), text(d.ItemName));
  return { providers, clinics, confirmations };
}
