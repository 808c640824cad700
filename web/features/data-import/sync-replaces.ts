import { IMPORT_KIND_NAMES, type ImportHistoryItem, SYNCED_KINDS } from '../../../common/api/imports';
import { formatDateTime } from '../../../common/format';

const count = (n: number) => n.toLocaleString('en-US');

const sourceOf = (item: ImportHistoryItem) =>
  item.kind === 'opendental-sync'
    ? `the sync of ${formatDateTime(item.at)}`
    : `${item.file_name} (${count(item.rows_imported)} rows), imported ${formatDateTime(item.at)}${item.username ? ` by ${item.username}` : ''}`;

/**
 * What 'Sync now' replaces, one line per kind, from the import history (newest first): the file
 * or the sync each kind's data came from last, so a manager sees what a sync would undo.
 */
export function syncReplaces(history: readonly ImportHistoryItem[]): string[] {
  const latest = SYNCED_KINDS.map((kind) =>
    history.find((item) => item.kind === kind || item.kind === 'opendental-sync'),
  );
  if (latest[0] && latest[0] === latest[1] && latest[0].kind === 'opendental-sync')
    return [`The Full Arch Report and the Future Scheduled data of ${sourceOf(latest[0])}`];
  return SYNCED_KINDS.map((kind, i) => {
    const item = latest[i];
    return `The ${IMPORT_KIND_NAMES[kind]}${kind === 'future-scheduled' ? ' data' : ''}: ${item ? sourceOf(item) : 'nothing imported yet'}`;
  });
}
