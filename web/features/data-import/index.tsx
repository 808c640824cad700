import { Card, Text, Title } from '@mantine/core';

// Placeholder until the Data Import tab is built; the shell loads whatever this file default-exports.
export default function DataImportTab() {
  return (
    <Card>
      <Title order={2} size="h3" mb="xs">
        Data Import
      </Title>
      <Text c="dimmed">
        Coming soon: upload the Full Arch Report, Future Scheduled and Ignore List files. This part of the app
        is still being built.
      </Text>
    </Card>
  );
}
