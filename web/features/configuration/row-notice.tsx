import { Alert, Group, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import classes from './row-notice.module.css';

/** How long a confirmation stays on the row: shown 4 s, then a 1 s fade (row-notice.module.css). */
export const CONFIRMATION_MS = 5_000;

export interface Notice {
  /** Tells one notice from the next, so a repeated confirmation starts its fade again. */
  id: number;
  tone: 'success' | 'error';
  /** The error's heading ('Failed to update code mapping'), when the text is the server's. */
  title?: string;
  text: string;
}

/**
 * A message on its own line right under the row it is about (the row edited, the add row, or where
 * a deleted row was), so it is read where the hand is rather than at the top of the card.
 * A confirmation is announced through the card's live region (always present, so screen readers
 * read it), and is hidden from them here; an error is an alert, read as it appears.
 */
export function NoticeRow({ notice, colSpan }: { notice: Notice; colSpan: number }) {
  const content = useRef<HTMLDivElement>(null);
  // A row near the bottom of the screen would have its message just out of sight.
  useEffect(() => {
    if (notice.id) content.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [notice.id]);
  return (
    <Table.Tr className={classes.row} data-notice={notice.tone}>
      <Table.Td colSpan={colSpan}>
        <div ref={content} className={classes.content}>
          {notice.tone === 'success' ? (
            <Group key={notice.id} gap={6} wrap="nowrap" className={classes.fade} aria-hidden>
              <IconCircleCheck size={16} color="var(--mantine-color-green-7)" style={{ flex: 'none' }} />
              <Text size="sm">{notice.text}</Text>
            </Group>
          ) : (
            <Alert
              color="red"
              variant="light"
              role="alert"
              p="xs"
              title={notice.title}
              styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
            >
              {notice.text}
            </Alert>
          )}
        </div>
      </Table.Td>
    </Table.Tr>
  );
}
