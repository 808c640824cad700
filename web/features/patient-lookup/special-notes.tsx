import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PatientData } from '../../../common/api/patients';

/**
 * A patient on the Ignore List is left out of that year's consult and arch case figures
 * (docs/behaviour.md section 6); staff should know why the dashboard does not count them.
 */
export function SpecialNotes({ entries }: { entries: PatientData['ignore_status'] }) {
  if (entries.length === 0) return null;
  const years = entries.map((entry) => entry.year_code);
  const listed = years.length === 1 ? years[0] : `${years.slice(0, -1).join(', ')} and ${years.at(-1)}`;
  const notes = entries.filter((entry) => entry.notes?.trim());
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Special Notes"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      styles={{ title: { color: '#5c4300' } }}
    >
      <Text size="sm">
        This patient is on the ignore list for {listed}, so they are left out of{' '}
        {years.length === 1 ? "that year's" : "those years'"} consult and arch case figures.
      </Text>
      {notes.length > 0 && (
        <List size="sm" mt={6} spacing={2}>
          {notes.map((entry) => (
            <List.Item key={entry.year_code}>
              <Text span size="sm" fw={600}>
                {entry.year_code}:
              </Text>{' '}
              {entry.notes}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
