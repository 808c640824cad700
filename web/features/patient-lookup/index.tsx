import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePatientRequests } from '../../lib/navigation';
import { lookupErrorText, NOT_FOUND, usePatientLookup } from './api';
import { PatientResult } from './patient-result';
import { PatientSearch } from './patient-search';

/** The Patient Lookup tab (docs/screens.md sections 2, 7 and 8; docs/behaviour.md section 7). */
export default function PatientLookupTab() {
  const [text, setText] = useState('');
  const [name, setName] = useState<string | null>(null);
  const lookup = usePatientLookup(name);

  const choose = (chosen: string) => {
    // The same name again is a request to look again, e.g. after a failure or a new import.
    if (chosen === name) void lookup.refetch();
    else setName(chosen);
  };
  // A patient's name chosen on another tab (the Follow-ups list) is looked up as if chosen here.
  usePatientRequests((requested) => {
    setText(requested);
    choose(requested);
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Patient Lookup
        </Title>
        <Text size="sm" c="dimmed">
          Find a patient to see their treatment progress, procedure history and upcoming appointments.
        </Text>
      </div>
      <Card>
        <PatientSearch value={text} onValueChange={setText} onChoose={choose} onClear={() => setName(null)} />
      </Card>

      {name !== null && lookup.isFetching && !lookup.isSuccess && (
        <Stack gap="lg" aria-busy="true" aria-label="Loading patient">
          <Skeleton height={180} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      )}
      {name !== null && lookup.isError && !lookup.isFetching && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} aria-hidden />}>
          {lookupErrorText(lookup.error)}
          {lookupErrorText(lookup.error) === NOT_FOUND && (
            <Text size="sm" c="dimmed" mt={4}>
              Check the spelling, or type part of the name and choose from the suggestions.
            </Text>
          )}
        </Alert>
      )}
      {name !== null && lookup.isSuccess && <PatientResult patient={lookup.data} />}
    </Stack>
  );
}
