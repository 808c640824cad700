import { Button, Card, Group, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cancelPreview, useConfirmImport, usePreviewImport } from './api';
import { FileDrop } from './file-drop';
import { ImportPreviewPanel } from './import-preview';
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
        {sent ? 'Checking the file...' : `Uploading... ${percent}%`}
      </Text>
    </Stack>
  );
}

function ImportProgress() {
  return (
    <Stack gap={4}>
      <Progress value={100} animated striped aria-label="Import progress" />
      <Text size="sm" c="dimmed" aria-live="polite">
        Importing the file and recalculating the scoresheet...
      </Text>
    </Stack>
  );
}

/**
 * One upload section of the Data Import tab: choose or drop a file, see what importing it will
 * do, then import it or cancel (docs/screens.md, Data Import tab).
 */
export function UploadCard({ upload, canImport, busy }: Props) {
  const preview = usePreviewImport(upload.kind);
  const confirm = useConfirmImport(upload.kind);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(upload.replaceByDefault);
  const [missingFile, setMissingFile] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [percent, setPercent] = useState(0);
  const disabled = !canImport || busy;
  const titleId = useId();
  const replaceHintId = useId();
  // The preview waiting for its confirmation, if any: dropped on the server when it will not be.
  const waiting = preview.isSuccess ? preview.data : null;
  const waitingId = useRef<string | null>(null);
  waitingId.current = waiting?.preview_id ?? null;
  useEffect(
    () => () => {
      // Leaving the tab with a preview open: its file is of no more use.
      if (waitingId.current) cancelPreview(waitingId.current);
    },
    [],
  );

  function dropPreview() {
    if (waiting) cancelPreview(waiting.preview_id);
    preview.reset();
  }

  function choose(next: File | null) {
    dropPreview();
    setFile(next);
    setMissingFile(false);
    setCancelled(false);
    confirm.reset();
  }

  function start() {
    if (!file) {
      setMissingFile(true);
      return;
    }
    setPercent(0);
    setCancelled(false);
    confirm.reset();
    preview.mutate({ kind: upload.kind, file, replace, onProgress: setPercent });
  }

  function importPreviewed() {
    if (!waiting) return;
    confirm.mutate(
      { kind: upload.kind, previewId: waiting.preview_id, replace: waiting.replace },
      {
        // The file is in; choosing it again would import the same rows twice.
        onSuccess: () => setFile(null),
        // Used or refused, the preview is done with; the file stays chosen to check again.
        onSettled: () => preview.reset(),
      },
    );
  }

  function cancel() {
    dropPreview();
    setFile(null);
    setCancelled(true);
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
            {upload.replaceChoice.note && <Text size="sm">{upload.replaceChoice.note}</Text>}
            <Switch
              label={upload.replaceChoice.label}
              aria-describedby={replaceHintId}
              checked={replace}
              // A preview counts what this choice replaces: cancel it to choose again.
              disabled={disabled || waiting !== null}
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
              {replace ? upload.replaceChoice.replaced : upload.replaceChoice.merged}
            </Text>
          </Stack>
        )}

        <Group pt={4}>
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            aria-label={`Import ${upload.title}`}
            disabled={disabled || !file || waiting !== null}
            loading={preview.isPending}
            onClick={start}
          >
            Import
          </Button>
        </Group>

        {preview.isPending && <UploadProgress percent={percent} />}
        {waiting && confirm.isIdle && (
          <ImportPreviewPanel
            kind={upload.kind}
            preview={waiting}
            onConfirm={importPreviewed}
            onCancel={cancel}
            disabled={disabled}
          />
        )}
        {preview.isError && <ImportFailure error={preview.error} />}
        {confirm.isPending && <ImportProgress />}
        {confirm.isSuccess && <ImportSuccess result={confirm.data} />}
        {confirm.isError && <ImportFailure error={confirm.error} />}
        {cancelled && (
          <Text size="sm" c="dimmed" role="status">
            Cancelled: nothing was imported.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
