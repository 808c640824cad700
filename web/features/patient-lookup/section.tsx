import { Box, Card, Group, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card, named for assistive technology by its title. */
export function Section({
  title,
  aside,
  children,
}: {
  title: string;
  /** Shown at the right of the title, e.g. a count. */
  aside?: ReactNode;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {aside && (
          <Text size="sm" c="dimmed">
            {aside}
          </Text>
        )}
      </Group>
      {children(titleId)}
    </Card>
  );
}

/**
 * A table that scrolls inside its card: down past `maxHeight` with the header kept in view, and
 * sideways on a phone. The scrolling box takes keyboard focus so it can be scrolled without a mouse.
 */
export function ScrollTable({
  labelledBy,
  maxHeight,
  minWidth,
  children,
}: {
  labelledBy: string;
  maxHeight: number;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-labelledby={labelledBy}
      // Reachable by keyboard, so a scrolling region can be scrolled without a mouse.
      tabIndex={0}
      mah={maxHeight}
      style={{ overflow: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Table
        miw={minWidth}
        striped
        highlightOnHover
        stickyHeader
        tabularNums
        verticalSpacing={6}
        aria-labelledby={labelledBy}
      >
        {children}
      </Table>
    </Box>
  );
}
