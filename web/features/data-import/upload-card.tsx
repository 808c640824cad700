import { Button, Card, Group, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useUploadImport } from './api';
import { FileDrop } from './file-drop';
import { ImportFailure, ImportSuccess } from './import-result';
import type { UploadKind } from './kinds';

interface Props {
  upload: UploadKind;
  /** Managers and admins import; providers see the card without working controls. */
  canImport: boolean;
  /** Another upload or action of the tab is under way. */
  busy: boolean;
}

const NO_FILE = 'Please select a file first';

function UploadProgress({ percent }: { percent: number }) {
  const sent = percent >= 100;
  return (
    <Stack gap={4}>
      <Progress value={percent} animated={sent} striped={sent} aria-label="Upload progress" />
      <Text size="sm" c="dimmed" aria-live="polite">
        {sent ? 'Processing the file and recalculating the scoresheet...' : `Uploading... ${percent}%`}
      </Text>
    </Stack>
  );
}

/** One upload section of the Data Import tab: choose or drop a file, import it, see the outcome. */
export function UploadCard({ upload, canImport, busy }: Props) {
  const mutation = useUploadImport(upload.kind);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(upload.replaceByDefault);
  const [missingFile, setMissingFile] = useState(false);
  const [percent, setPercent] = useState(0);
  const disabled = !canImport || busy;
  const titleId = useId();
  const replaceHintId = useId();

  function choose(next: File | null) {
    setFile(next);
    setMissingFile(false);
    mutation.reset();
  }

  function start() {
    if (!file) {
      setMissingFile(true);
      return;
    }
    setPercent(0);
    mutation.mutate(
      { kind: upload.kind, file, replace, onProgress: setPercent },
      // The file is in; choosing it again would import the same rows twice.
      { onSuccess: () => setFile(null) },
    );
  }

  return (
    <Card component="section" aria-labelledby={titleId} h="100%">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={titleId}>
            {upload.title}
          </Title>
          <Text size="sm" c="dimmed">
            {upload.description}
          </Text>
        </div>

        <FileDrop
          label={`${upload.title} file`}
          file={file}
          onChange={choose}
          disabled={disabled}
          error={missingFile ? NO_FILE : null}
        />

        {upload.replaceChoice && (
          <Stack gap={6}>
            <Text size="sm">
              The Year column is the year whose figures leave the patient out: a patient listed for 2025 is
              left out of the 2025 consult and arch-case figures, and counted in every other year.
            </Text>
            <Switch
              label="Replace the whole list"
              aria-describedby={replaceHintId}
              checked={replace}
              disabled={disabled}
              onChange={(event) => setReplace(event.currentTarget.checked)}
              // Off is the usual choice: the track still has to be seen as a control.
              styles={
                replace
                  ? undefined
                  : {
                      track: {
                        backgroundColor: 'var(--mantine-color-gray-3)',
                        borderColor: 'var(--mantine-color-gray-6)',
                      },
                    }
              }
            />
            {/* Outside the switch's label, so the switch's name stays just its label. */}
            <Text size="xs" c="dimmed" id={replaceHintId}>
              {replace
                ? 'The file replaces every entry on the list.'
                : 'The file is merged into the list; a patient and year already listed gets the new notes.'}
            </Text>
          </Stack>
        )}

        <Group pt={4}>
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            aria-label={`Import ${upload.title}`}
            disabled={disabled || !file}
            loading={mutation.isPending}
            onClick={start}
          >
            Import
          </Button>
        </Group>

        {mutation.isPending && <UploadProgress percent={percent} />}
        {mutation.isSuccess && <ImportSuccess result={mutation.data} />}
        {mutation.isError && <ImportFailure error={mutation.error} />}
      </Stack>
    </Card>
  );
}
