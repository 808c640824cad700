import { Button, Stack, Textarea } from '@mantine/core';
import { MAX_NOTE_LENGTH } from '../../../common/api/activities';
import { readText } from '../../lib/drafts';
import { useRecordActivity } from './api';
import { useCaseDraft } from './drafts';
import { saved, saveFailed } from './feedback';

/** A note on the case: the one kind that is only words, kept as a draft until it is saved. */
export function NoteForm({ patientName }: { patientName: string }) {
  const [note, setNote] = useCaseDraft(patientName, 'note', '', readText);
  const record = useRecordActivity();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!note.trim()) return;
        record.mutate(
          { patient_name: patientName, kind: 'note', note },
          {
            onSuccess: () => {
              saved('Note added.');
              setNote('');
            },
            onError: saveFailed,
          },
        );
      }}
    >
      <Stack gap={6} align="flex-start">
        <Textarea
          label="Note"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={MAX_NOTE_LENGTH}
          rows={3}
          w="100%"
        />
        <Button type="submit" size="xs" variant="default" disabled={!note.trim()} loading={record.isPending}>
          Add note
        </Button>
      </Stack>
    </form>
  );
}
