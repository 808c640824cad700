import { Card, List, Text, Title } from '@mantine/core';

/** What happens to an imported file (docs/screens.md, Data Import tab; docs/behaviour.md section 2). */
export function ProcessingNote() {
  return (
    <Card h="100%">
      <Title order={3} size="h4" mb={6}>
        After an import
      </Title>
      <List size="sm" spacing={6}>
        <List.Item>
          Each file is checked row by row and applied completely or not at all. Rows that cannot be read are
          skipped and listed with their row numbers and reasons.
        </List.Item>
        <List.Item>
          The scoresheet is recalculated from the imported data straight away: procedure codes are mapped to
          labels, each patient&apos;s flags and score are worked out, and the outcome is looked up in the
          mapping values.
        </List.Item>
        <List.Item>The Dashboard and Patient Lookup show the new figures at once.</List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        Import the Full Arch Report first, then Future Scheduled, then the Ignore List and the Leads.
      </Text>
    </Card>
  );
}
