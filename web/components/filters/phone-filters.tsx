import { Button, Card, Collapse, Stack } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import type { ShownFilters } from './filter-fields';
import { EVERYONE } from './start';

/**
 * How many of the filters behind the phone's Filters button narrow the list: provider (unless the
 * user has no choice of it), location, assigned to and the switches.
 */
export function activeFilterCount<F extends ShownFilters>(f: F, providerChosen = true): number {
  return [
    providerChosen && f.provider !== ALL_PROVIDERS,
    f.location !== ALL_LOCATIONS,
    f.assignedTo !== undefined && f.assignedTo !== EVERYONE,
    f.includeScheduled,
    f.includeSnoozed,
  ].filter(Boolean).length;
}

interface Props {
  /** The fields' section's id. */
  id: string;
  titleId: string;
  title: ReactNode;
  filters: ShownFilters;
  held: boolean;
  actions: ReactNode;
  notes: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/**
 * On a phone the filters wait behind a button that says how many are set, so the list starts on
 * the first screen; the lines that say why a filter changed, or whose patients these are, show
 * either way.
 */
export function PhoneFilters({ id, titleId, title, filters, held, actions, notes, children }: Props) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters, !held);
  return (
    <section aria-labelledby={titleId}>
      {title}
      <Button
        variant="default"
        size="sm"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={14}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {count === 0 ? 'Filters' : `Filters · ${count} active`}
      </Button>
      <Collapse expanded={open} id={id}>
        <Card mt="xs" padding="md">
          <Stack gap="sm">
            {children}
            <div>{actions}</div>
          </Stack>
        </Card>
      </Collapse>
      {notes}
    </section>
  );
}
