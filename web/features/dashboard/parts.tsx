import { Card, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './dashboard.module.css';

/** One dashboard panel: a titled card, named for assistive technology by its title. */
export function Panel({
  id,
  title,
  description,
  children,
}: {
  /** Lets another part of the tab move the reader here (it then takes focus). */
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} id={id} tabIndex={id ? -1 : undefined}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {!description && <div style={{ height: 'var(--mantine-spacing-sm)' }} />}
      {children}
    </Card>
  );
}

/** A figure that opens its details. The name says what opens, and contains the visible figure. */
export function CellButton({
  label,
  onClick,
  zero = false,
  children,
}: {
  label: string;
  onClick: () => void;
  /** An empty figure: still a button, drawn quietly. */
  zero?: boolean;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      className={classes.cellButton}
      aria-label={label}
      onClick={onClick}
      data-zero={zero || undefined}
    >
      {children}
    </UnstyledButton>
  );
}

export function TableSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={row} height={28} />
      ))}
    </Stack>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" py="md">
      {children}
    </Text>
  );
}

export const NO_DATA_HINT = 'Choose another provider or year, or import data in the Data Import tab.';
