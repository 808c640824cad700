import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ImportKind, ImportPreview } from '../../../common/api/imports';
import { previewOutcome } from './import-outcome';
import { Details, resultSections } from './import-result';

const count = (n: number) => n.toLocaleString('en-US');

interface Props {
  kind: ImportKind;
  preview: ImportPreview;
  onConfirm: () => void;
  onCancel: () => void;
  disabled: boolean;
}

/**
 * What a chosen file will do once imported, before anything is (docs/screens.md, Data Import
 * tab): its rows and dates, what it replaces, the cautions in words, and the rows it will skip.
 * The file waits on the server; the confirmation imports it without sending it again.
 */
export function ImportPreviewPanel({ kind, preview, onConfirm, onCancel, disabled }: Props) {
  const outcome = previewOutcome(kind, preview);
  const cautious = preview.cautions.length > 0;
  const panel = useRef<HTMLDivElement>(null);
  // It waits for a decision: on a phone it may open below the fold, under the button pressed.
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Stack gap="xs" ref={panel}>
      <Alert
        color={cautious ? 'orange' : 'blue'}
        variant="light"
        role="status"
        icon={
          cautious ? (
            <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-orange-8)" />
          ) : (
            <IconFileSearch size={20} aria-hidden />
          )
        }
        title={outcome.summary}
        // The tint's own colour is too faint for text; the icon and the tint carry it.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {cautious && (
          <List size="sm" spacing={4} mb={6} aria-label="Cautions">
            {preview.cautions.map((caution) => (
              <List.Item key={caution} fw={600}>
                {caution}
              </List.Item>
            ))}
          </List>
        )}
        {outcome.issues && (
          <>
            <Text size="sm">{outcome.issues}:</Text>
            <List size="sm" spacing={2}>
              {outcome.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
            {outcome.more > 0 && (
              <Text size="sm">And {count(outcome.more)} more: every row is listed below.</Text>
            )}
          </>
        )}
        <Text size="sm" mt={4}>
          Nothing has been imported yet.
        </Text>
      </Alert>
      <Group gap="sm">
        <Button onClick={onConfirm} disabled={disabled}>
          {cautious ? 'Import anyway' : 'Confirm import'}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={disabled}>
          Cancel
        </Button>
      </Group>
      <Details sections={resultSections(preview)} />
    </Stack>
  );
}
