import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { formatDate } from '../../../common/format';
import { saveBlob } from '../../lib/save-blob';
import { recoveryCodesFileName, recoveryCodesText } from './code';

interface Props {
  codes: readonly string[];
  username: string;
  /** 'I have saved them': the codes are never shown again. */
  onDone: () => void;
  doneLabel?: string;
}

/** The ten recovery codes, shown once (docs/behaviour.md section 20): copy, download, then done. */
export function RecoveryCodes({ codes, username, onDone, doneLabel = 'I have saved them' }: Props) {
  const text = recoveryCodesText(codes, username, formatDate(new Date().toISOString()));
  const download = () =>
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), recoveryCodesFileName(username));
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now: copy them or download
        them, and keep them somewhere safe.
      </Alert>
      <Paper withBorder p="sm">
        <List
          aria-label="Recovery codes"
          listStyleType="none"
          style={{
            fontFamily: 'var(--mantine-font-family-monospace)',
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
            gap: '0.25rem 1rem',
          }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="sm" wrap="wrap">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Download (.txt)
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A used code is gone; {codes.length} are left now.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
