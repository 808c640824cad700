import { Card, Text, Title } from '@mantine/core';

// Placeholder until the Patient Lookup tab is built; the shell loads whatever this file default-exports.
export default function PatientLookupTab() {
  return (
    <Card>
      <Title order={2} size="h3" mb="xs">
        Patient Lookup
      </Title>
      <Text c="dimmed">
        Coming soon: search for a patient to see their treatment progress, procedure history and upcoming
        appointments. This part of the app is still being built.
      </Text>
    </Card>
  );
}
