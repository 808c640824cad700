import type { ImportHistoryItem } from '../../../common/api/imports';
import { formatDateTime } from '../../../common/format';
import { syncReplaces } from './sync-replaces';

const item = (id: number, kind: ImportHistoryItem['kind'], over: Partial<ImportHistoryItem> = {}) => ({
  id,
  kind,
  file_name: kind === 'opendental-sync' ? 'Open Dental' : `${kind}.csv`,
  username: 'maria',
  rows_imported: 1805,
  rows_skipped: 0,
  replace: true,
  at: `2026-11-0${id}T14:00:00.000Z`,
  ...over,
});

describe("what 'Sync now' says it replaces", () => {
  it('names the file each kind came from, newest first', () => {
    const history = [
      item(3, 'ignore-list'),
      item(2, 'future-scheduled', { rows_imported: 94 }),
      item(1, 'raw-data', { username: null }),
    ];
    expect(syncReplaces(history)).toEqual([
      `The Full Arch Report: raw-data.csv (1,805 rows), imported ${formatDateTime('2026-11-01T14:00:00.000Z')}`,
      `The Future Scheduled data: future-scheduled.csv (94 rows), imported ${formatDateTime('2026-11-02T14:00:00.000Z')} by maria`,
    ]);
  });

  it('says both came from the last sync in one line, and a kind never imported', () => {
    expect(syncReplaces([item(4, 'opendental-sync'), item(1, 'raw-data')])).toEqual([
      `The Full Arch Report and the Future Scheduled data of the sync of ${formatDateTime('2026-11-04T14:00:00.000Z')}`,
    ]);
    expect(syncReplaces([item(1, 'raw-data')])[1]).toBe('The Future Scheduled data: nothing imported yet');
  });
});
