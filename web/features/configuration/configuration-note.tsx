import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSyncConfigured } from './api';

/** docs/behaviour.md section 3 replaces docs/screens.md's note: changes apply at once, with no new import. */
export function ConfigurationNote() {
  const syncing = useSyncConfigured();
  return (
    <Alert
      role="note"
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title="How changes apply"
    >
      Changes take effect at once: saving, adding or deleting a code mapping recalculates the scoresheet, so
      the Dashboard and Patient Lookup show the new figures without a new import. Mapping values classify each
      procedure status string (the treatment steps a patient has reached) as Won, Lost, PF (Pending Finance)
      or N/A, with its number of arches and case value.
      {syncing &&
        ' Open Dental is connected: a code mapping added now brings in its patients at the next sync, since a sync reads only the patients with a mapped code.'}
    </Alert>
  );
}
