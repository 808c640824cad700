/**
 * What the sync does with Open Dental, as one object: the probe a test runs and the sync that reads
 * and stores. The app uses the real ones; a test may hand in its own to hold a sync open.
 */
import type { OpendentalTest, SyncRunResponse } from '../../../common/api/sync';
import type { Actor } from '../../caller/actor';
import type { Db } from '../../db/client';
import type { ImportLimits } from '../../platform/import-limits';
import { runSync } from './apply';
import { type OdConnection, probe } from './connection';

export interface OpendentalDriver {
  probe(conn: OdConnection, mappedCodes: ReadonlySet<string>): Promise<Omit<OpendentalTest, 'success'>>;
  runSync(db: Db, actor: Actor, conn: OdConnection): Promise<SyncRunResponse>;
}

/** The real one, holding a sync to the import limits of this server's settings. */
export const openDentalDriver = (limits: ImportLimits): OpendentalDriver => ({
  probe,
  runSync: (db, actor, conn) => runSync(db, actor, conn, limits),
});
