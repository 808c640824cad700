import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { SyncRunResponse } from '../../../common/api/sync';
import { ApiError, codeOf, errorMessage, hasCode } from '../../lib/api';
import { useImportHistory } from './api';
import { Details, skippedSection } from './import-result';
import { useSyncNow } from './sync-api';
import { SyncFailure } from './sync-failure';
import { syncReplaces } from './sync-replaces';
import { whatToCheck } from './sync-words';

const n = (v: number) => v.toLocaleString('en-US');

/** Seconds since `running` turned true, counted while it stays true. */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/**
 * Whether a failed sync is said here. The server records every sync it tried as the last sync,
 * which the status above shows with what to check, so only what it did not try is said here:
 * another sync running, no connection, or no answer from this server at all.
 */
function shownHere(err: unknown): boolean {
  if (!(err instanceof ApiError) || !err.fromServer || err.status === 0) return true;
  if (hasCode(err, 'sync_running', 'sync_not_configured')) return true;
  return err.status < 409;
}

/** What the sync did; its unmapped codes are listed with the last sync above, which it now is. */
function Synced({ result }: { result: SyncRunResponse }) {
  return (
    <div>
      <Alert color="green" variant="light" role="status" title="Synced from Open Dental">
        {n(result.records_imported)} rows imported: {n(result.full_arch)} Full Arch Report and{' '}
        {n(result.future)} Future Scheduled.
        {result.rows_skipped > 0 &&
          ` ${n(result.rows_skipped)} rows skipped (no patient or provider, or no date).`}
      </Alert>
      {result.rows_skipped > 0 && (
        <Details sections={[skippedSection(result.skipped, result.rows_skipped)]} />
      )}
    </div>
  );
}

/**
 * A sync replaces what the files brought (rules section 18): asked first, naming the file or the
 * sync each kind comes from now, so an import made this morning is not undone by a slip.
 */
function ConfirmSync({ onSync, onCancel }: { onSync: () => void; onCancel: () => void }) {
  const history = useImportHistory();
  return (
    <Modal opened onClose={onCancel} title="Replace the data with Open Dental's?" size="md">
      <Stack gap="sm">
        <Text size="sm">
          Sync now replaces the Full Arch Report and the Future Scheduled data with what Open Dental holds
          now. They come from:
        </Text>
        {history.isPending ? (
          <Text size="sm" c="dimmed">
            Loading the import history...
          </Text>
        ) : (
          <List size="sm" spacing={4} aria-label="Replaced by the sync">
            {syncReplaces(history.data ?? []).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm">The Ignore List, the code mappings and every case's notes stay as they are.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onSync} data-autofocus>
            Sync and replace
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface Props {
  /** Another import or sync of the tab is under way, here or (running) in any process. */
  busy: boolean;
  running: boolean;
}

/** Sync now, for managers and admins: its progress while it runs, then what it did or why it failed. */
export function SyncNow({ busy, running }: Props) {
  const sync = useSyncNow();
  const [asking, setAsking] = useState(false);
  const elapsed = useElapsed(sync.isPending);
  const reason = sync.isError ? errorMessage(sync.error, 'The sync failed') : '';
  const check = sync.isError ? whatToCheck(codeOf(sync.error)) : null;
  return (
    <Stack gap="xs">
      <div>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => setAsking(true)}
          loading={sync.isPending}
          disabled={busy || running}
        >
          Sync now
        </Button>
      </div>
      {asking && (
        <ConfirmSync
          onCancel={() => setAsking(false)}
          onSync={() => {
            setAsking(false);
            sync.mutate();
          }}
        />
      )}
      {sync.isPending && (
        <Stack gap={4}>
          <Progress value={100} animated striped aria-label="Sync progress" />
          <Text size="sm" c="dimmed" aria-live="polite">
            Reading from Open Dental and recalculating the scoresheet... {elapsed} s
          </Text>
        </Stack>
      )}
      {sync.isSuccess && <Synced result={sync.data} />}
      {sync.isError && shownHere(sync.error) && (
        <SyncFailure title="Sync failed" reason={reason} check={check} />
      )}
    </Stack>
  );
}
