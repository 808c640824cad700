import { Card, Text, Title } from '@mantine/core';

// Placeholder until the Dashboard tab is built; the shell loads whatever this file default-exports.
export default function DashboardTab() {
  return (
    <Card>
      <Title order={2} size="h3" mb="xs">
        Dashboard
      </Title>
      <Text c="dimmed">
        Coming soon: consult overview, arch cases by month and future case value, with exports. This part of
        the app is still being built.
      </Text>
    </Card>
  );
}
