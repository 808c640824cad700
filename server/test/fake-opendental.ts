/** A stand-in for Open Dental in API tests: records what it was asked and can hold a sync open. */
import type { SyncRunResponse } from '../../common/api/sync';
import type { OdConnection, SyncError } from '../sync/opendental/connection';
import type { OpendentalDriver } from '../sync/opendental/driver';

export const SYNCED: SyncRunResponse = {
  success: true,
  records_imported: 12,
  full_arch: 9,
  future: 3,
  rows_skipped: 1,
  skipped: [{ row: 4711, reason: 'No provider name' }],
  unmapped_codes: [],
};

export interface FakeOpendental extends OpendentalDriver {
  /** Each connection a probe or a sync was given, in order. */
  seen: { what: 'probe' | 'sync'; conn: OdConnection; codes?: ReadonlySet<string> }[];
  /** Set to make the next calls fail as the real driver does, with this error. */
  failWith: SyncError | null;
  /** Holds every sync until the returned function is called. */
  hold(): () => void;
  syncs: number;
}

export function fakeOpendental(): FakeOpendental {
  let gate: Promise<void> | null = null;
  const fake: FakeOpendental = {
    seen: [],
    failWith: null,
    syncs: 0,
    hold() {
      let open = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return () => {
        gate = null;
        open();
      };
    },
    async probe(conn, codes) {
      fake.seen.push({ what: 'probe', conn, codes });
      if (fake.failWith) throw fake.failWith;
      return { server_version: '10.11.6-MariaDB', procedures: 120, appointments: 14 };
    },
    async runSync(_db, _actor, conn) {
      fake.seen.push({ what: 'sync', conn });
      fake.syncs += 1;
      if (gate) await gate;
      if (fake.failWith) throw fake.failWith;
      return SYNCED;
    },
  };
  return fake;
}
