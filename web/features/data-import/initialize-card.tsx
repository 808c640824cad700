import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconSettingsAutomation } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useInitializeSystem } from './api';

interface Props {
  canImport: boolean;
  busy: boolean;
}

/** Adds the default code mappings and builds the mapping values (docs/behaviour.md sections 3 and 5). */
export function InitializeCard({ canImport, busy }: Props) {
  const initialize = useInitializeSystem();
  const detail = initialize.isError ? errorMessage(initialize.error, '') : '';
  return (
    <Card h="100%">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            System Initialization
          </Title>
          <Text size="sm" c="dimmed">
            Needed once on first setup: adds the default procedure code mappings and builds the mapping
            values. Running it again restores any default mapping that was deleted and never changes one that
            exists.
          </Text>
        </div>
        <div>
          <Button
            variant="light"
            leftSection={<IconSettingsAutomation size={18} aria-hidden />}
            disabled={!canImport || busy}
            loading={initialize.isPending}
            onClick={() => initialize.mutate()}
          >
            Initialize System
          </Button>
        </div>
        {initialize.isSuccess && (
          <Alert color="green" variant="light" role="status">
            System initialized with default mappings
          </Alert>
        )}
        {initialize.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title="Initialization failed"
            styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          >
            {detail || undefined}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
