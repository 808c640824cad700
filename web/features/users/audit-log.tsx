import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv, IconRefresh } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { PageButtons } from '../../components/page-buttons';
import { QueryStatus } from '../../components/query-status';
import { errorMessage } from '../../lib/api';
import { useUsers } from './api';
import { exportAuditLog, useAuditLog } from './audit-api';
import { AuditFiltersRow } from './audit-filters';
import { AuditTable } from './audit-table';
import { datesProblem, pageSummary } from './audit-view';
import { useAuditView } from './use-audit-view';

export const EXPORT_FAILED = 'Failed to export the audit log';
export const NO_EVENTS = 'No events match these filters.';

/**
 * The Audit Log section of User Management (admins; docs/screens.md): who did what and when,
 * newest first, 50 a page, filtered by user, action and dates, and exported as CSV. The filters
 * and page live in the address.
 */
export function AuditLog() {
  const users = useUsers();
  // Shown once the users are listed: a failed list already says why, and the log would fail alike.
  return users.isSuccess ? <AuditLogCard usernames={users.data.map((user) => user.username)} /> : null;
}

function AuditLogCard({ usernames }: { usernames: readonly string[] }) {
  const { view, filter, clear, goToPage, correctPage } = useAuditView();
  const problem = datesProblem(view);
  const log = useAuditLog(view, problem === null);
  const data = log.data;
  // An answer for another page or filters stays on screen, dimmed, while the asked one loads.
  const stale = log.isPlaceholderData;
  const events = data?.events ?? [];

  // A page past the last (the log was filtered down, or an old link) shows the last page instead.
  const last = data && !stale ? Math.max(data.pages, 1) : null;
  const fixPage = useEffectEvent((page: number) => correctPage(page));
  useEffect(() => {
    if (last !== null && view.page > last) fixPage(last);
  }, [last, view.page]);

  return (
    <Card component="section" aria-labelledby="audit-log-title">
      <Group justify="space-between" mb="md" gap="sm">
        <div>
          <Title order={2} size="h3" id="audit-log-title">
            Audit Log
          </Title>
          <Text size="sm" c="dimmed">
            Who did what, and when: newest first. Reading or exporting the log is recorded too.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={log.isFetching && !log.isPending}
            disabled={problem !== null}
            onClick={() => void log.refetch()}
          >
            Refresh
          </Button>
          <ExportButton view={view} disabled={problem !== null} />
        </Group>
      </Group>

      <AuditFiltersRow filters={view} usernames={usernames} onChange={filter} onClear={clear} />

      <Box mt="md">
        {problem === null && (
          <QueryStatus
            query={log}
            loading="Loading the audit log"
            failed="Failed to load the audit log"
            rows={6}
          />
        )}
        {data && (
          <Stack gap="sm" aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
            <Text size="sm" role="status">
              {pageSummary(view.page, data.pages, data.total)}
            </Text>
            {events.length > 0 ? <AuditTable events={events} /> : <Text c="dimmed">{NO_EVENTS}</Text>}
            {data.pages > 1 && (
              <PageButtons label="Audit log pages" page={view.page} pages={data.pages} onChange={goToPage} />
            )}
          </Stack>
        )}
      </Box>
    </Card>
  );
}

/** Every event the filters match (not only this page) as audit_log.csv. */
function ExportButton({ view, disabled }: { view: Parameters<typeof exportAuditLog>[0]; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await exportAuditLog(view);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(err, EXPORT_FAILED) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      leftSection={<IconFileTypeCsv size={18} aria-hidden />}
      loading={busy}
      disabled={disabled}
      onClick={save}
    >
      Export CSV
    </Button>
  );
}
