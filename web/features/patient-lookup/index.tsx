import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { lookupErrorText, NOT_FOUND, usePatientLookup } from './api';
import { PatientResult } from './patient-result';
import { PatientSearch } from './patient-search';

/** The Patient Lookup tab (docs/screens.md sections 2, 7 and 8; docs/behaviour.md section 7). */
export default function PatientLookupTab() {
  // The patient shown is the address's `patient`, so Back, a reload or a link (another tab's
  // name, web/lib/navigation.ts) shows the same patient.
  const address = useAddress();
  const name = address.params.get('patient') || null;
  const [text, setText] = useState(name ?? '');
  const [shownName, setShownName] = useState(name);
  if (name !== shownName) {
    // Back or Forward to another patient: the search box follows.
    setShownName(name);
    setText(name ?? '');
  }
  const lookup = usePatientLookup(name);

  const choose = (chosen: string) => {
    // The same name again is a request to look again, e.g. after a failure or a new import.
    if (chosen === name) void lookup.refetch();
    else goTo(hrefWith(address, { patient: chosen }));
  };
  const clear = () => goTo(hrefWith(address, { patient: null }));

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
        <PatientSearch value={text} onValueChange={setText} onChoose={choose} onClear={clear} />
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
