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
 * A table that scrolls inside its card: sideways on a phone, and on a wider screen also down past
 * `maxHeight` with the header kept in view. A phone has no room for a second, inner scroll: there
 * the page scrolls and every row shows. The scrolling box takes keyboard focus so it can be
 * scrolled without a mouse.
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
      // A group, not a region: the card around it is already the region of that name, and two
      // landmarks of one name cannot be told apart.
      role="group"
      aria-labelledby={labelledBy}
      // Reachable by keyboard, so a scrolling region can be scrolled without a mouse.
      tabIndex={0}
      // From the tablet breakpoint (48em) up; below it the box is as tall as the table.
      mah={{ base: 'none', sm: maxHeight }}
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
