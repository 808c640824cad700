import { FileInput, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import classes from './file-drop.module.css';
import { ACCEPTED_TYPES } from './kinds';

interface Props {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
  error?: string | null;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * A file chooser that also takes a file dropped anywhere on its box. The type is checked by the
 * server, whose message names the accepted types, so a dropped file is never refused here.
 */
export function FileDrop({ label, file, onChange, disabled, error }: Props) {
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onChange(dropped);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer-only shortcut; the file input inside is the control every user, keyboard included, can reach.
    <div
      className={classes.drop}
      data-drop
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <FileInput
        label={label}
        placeholder="Choose a file"
        accept={ACCEPTED_TYPES}
        value={file}
        onChange={onChange}
        disabled={disabled}
        error={error}
        clearable
        clearButtonProps={{ 'aria-label': `Clear ${label}` }}
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        styles={{
          input: { backgroundColor: 'var(--mantine-color-body)' },
          placeholder: { color: 'var(--mantine-color-dimmed)' },
        }}
      />
      <Text size="xs" c="dimmed" mt={6}>
        {dragging ? 'Drop the file to choose it' : 'Or drop a file here. CSV, XLSX or XLS.'}
      </Text>
    </div>
  );
}
