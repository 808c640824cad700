import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canEditData } from '../../../common/roles';
import { useAuth } from '../../session/auth';
import { useImportBusy } from './api';
import { ImportHistory } from './import-history';
import { InitializeCard } from './initialize-card';
import { UPLOAD_KINDS } from './kinds';
import { OpendentalCard } from './opendental-card';
import { ProcessingNote } from './processing-note';
import { UploadCard } from './upload-card';

/** The Data Import tab (docs/screens.md sections 2, 4, 5 and 8; docs/behaviour.md section 2). */
export default function DataImportTab() {
  const { state } = useAuth();
  // Providers may look but not import: the server would answer 403.
  const canImport = state.status === 'signed-in' && canEditData(state.user.role);
  const busy = useImportBusy();

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Data Import
        </Title>
        <Text size="sm" c="dimmed">
          Upload the reports exported from the practice-management system.
        </Text>
      </div>

      {state.status === 'signed-in' && <OpendentalCard role={state.user.role} busy={busy} />}

      {!canImport && (
        <Alert color="gray" variant="light" role="note" icon={<IconLock size={18} aria-hidden />}>
          Only managers and admins can import data.
        </Alert>
      )}

      {/* Four cards: two by two on a laptop, one a row on a phone. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {UPLOAD_KINDS.map((upload) => (
          <UploadCard key={upload.kind} upload={upload} canImport={canImport} busy={busy} />
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProcessingNote />
        <InitializeCard canImport={canImport} busy={busy} />
      </SimpleGrid>

      <ImportHistory canImport={canImport} busy={busy} />
    </Stack>
  );
}
