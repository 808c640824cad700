import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { patientIdOf, useAddressPatient } from '../../lib/patient-ref';
import { choiceFailure, type LookupFailure, lookupFailure, NO_SUCH_PATIENT, usePatientLookup } from './api';
import { PatientResult } from './patient-result';
import { PatientSearch } from './patient-search';

/** The Patient Lookup tab (docs/screens.md sections 2, 7 and 8; docs/behaviour.md section 7). */
export default function PatientLookupTab() {
  // The patient shown is the address's `patient`, by id, so Back, a reload or a link (another
  // tab's, web/lib/navigation.ts) shows the same patient, and no name is in the address.
  const address = useAddress();
  const { id, notFound: oldLinkNotFound } = useAddressPatient('patient');
  const lookup = usePatientLookup(id);
  const [text, setText] = useState('');
  // The name the search box was last set to from the patient shown: Back or Forward to another
  // patient makes the box follow, typing in it does not.
  const [shown, setShown] = useState<string | null>(null);
  const shownName = id !== null && lookup.isSuccess ? lookup.data.patient_name : null;
  if (shownName !== null && shownName !== shown) {
    setShown(shownName);
    setText(shownName);
  }
  // A name chosen that the server does not find (or could not be asked about): said in place.
  const [refused, setRefused] = useState<LookupFailure | null>(null);

  const choose = (chosen: string) => {
    setRefused(null);
    // The same name again is a request to look again, e.g. after a failure or a new import.
    if (chosen === shownName) {
      void lookup.refetch();
      return;
    }
    patientIdOf(chosen).then(
      (next) => {
        if (next === id) void lookup.refetch();
        else goTo(hrefWith(address, { patient: next }));
      },
      (err: unknown) => setRefused(choiceFailure(err)),
    );
  };
  const clear = () => {
    setRefused(null);
    setShown(null);
    goTo(hrefWith(address, { patient: null }));
  };

  const failure = refused ?? (oldLinkNotFound && id === null ? NO_SUCH_PATIENT : null);
  const lookupFailed = id !== null && lookup.isError && !lookup.isFetching;
  const error = failure ?? (lookupFailed ? lookupFailure(lookup.error) : null);

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

      {failure === null && id !== null && lookup.isFetching && !lookup.isSuccess && (
        <Stack gap="lg" aria-busy="true" aria-label="Loading patient">
          <Skeleton height={180} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      )}
      {error !== null && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} aria-hidden />}>
          {error.text}
          {error.notFound && (
            <Text size="sm" c="dimmed" mt={4}>
              Check the spelling, or type part of the name and choose from the suggestions.
            </Text>
          )}
        </Alert>
      )}
      {failure === null && id !== null && lookup.isSuccess && <PatientResult patient={lookup.data} />}
    </Stack>
  );
}
