import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canEditData } from '../../../common/roles';
import { useAuth } from '../../session/auth';
import { CodeMappingsCard } from './code-mappings-card';
import { ConfigurationNote } from './configuration-note';
import { GoalsCard } from './goals-card';
import { MappingValuesCard } from './mapping-values-card';

/** The Configuration tab (docs/screens.md sections 2, 5 and 8; docs/behaviour.md sections 3, 5 and 16). */
export default function ConfigurationTab() {
  const { state } = useAuth();
  // Providers may look but not change: the server would answer 403.
  const canEdit = state.status === 'signed-in' && canEditData(state.user.role);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Configuration
        </Title>
        <Text size="sm" c="dimmed">
          How procedure codes and treatment steps turn into outcomes, and each provider's goals.
        </Text>
      </div>
      {!canEdit && (
        <Alert color="gray" variant="light" role="note" icon={<IconLock size={18} aria-hidden />}>
          Only managers and admins can change code mappings.
        </Alert>
      )}
      <ConfigurationNote />
      <CodeMappingsCard canEdit={canEdit} />
      <GoalsCard canEdit={canEdit} />
      <MappingValuesCard />
    </Stack>
  );
}
