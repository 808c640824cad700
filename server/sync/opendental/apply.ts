/** Placeholder for storing a sync (built on its own branch): the signature the routes use. */
import type { SyncRunResponse } from '../../../common/api/sync';
import type { Actor } from '../../audit/service';
import type { Db } from '../../db/client';
import { type OdConnection, SyncError } from './connection';

export async function runSync(_db: Db, _actor: Actor, _conn: OdConnection): Promise<SyncRunResponse> {
  throw new SyncError(502, 'Open Dental is not reachable');
}
