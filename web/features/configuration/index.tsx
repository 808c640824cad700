import { Card, Text, Title } from '@mantine/core';

// Placeholder until the Configuration tab is built; the shell loads whatever this file default-exports.
export default function ConfigurationTab() {
  return (
    <Card>
      <Title order={2} size="h3" mb="xs">
        Configuration
      </Title>
      <Text c="dimmed">
        Coming soon: procedure code mappings and mapping values. This part of the app is still being built.
      </Text>
    </Card>
  );
}
