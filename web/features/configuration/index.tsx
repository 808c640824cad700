import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canEditData, isCaseTeam } from '../../../common/roles';
import { useAuth } from '../../session/auth';
import { CodeMappingsCard } from './code-mappings-card';
import { ConfigurationNote } from './configuration-note';
import { GoalsCard } from './goals-card';
import { MappingValuesCard } from './mapping-values-card';
import { MarketingSpendCard } from './marketing-spend-card';

/** The Configuration tab (docs/screens.md sections 2, 5 and 8; docs/behaviour.md sections 3, 5, 16 and 19). */
export default function ConfigurationTab() {
  const { state } = useAuth();
  // Providers may look but not change: the server would answer 403.
  const canEdit = state.status === 'signed-in' && canEditData(state.user.role);
  // Spend is the group's: coordinators read it, providers do not see it.
  const seesSpend = state.status === 'signed-in' && isCaseTeam(state.user.role);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Configuration
        </Title>
        <Text size="sm" c="dimmed">
          How procedure codes and treatment steps turn into outcomes, each provider's goals and the marketing
          spend.
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
      {seesSpend && <MarketingSpendCard canEdit={canEdit} />}
      <MappingValuesCard />
    </Stack>
  );
}
