import { Card, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHeldProvider } from '../../session/privacy';
import { FilterChangeNote } from '../filter-change-note';
import { OwnPatientsNote } from '../own-patients-note';
import {
  type FieldsLayout,
  FilterFields,
  type FilterLists,
  type FilterName,
  type ShownFilters,
} from './filter-fields';
import classes from './filters.module.css';
import { PhoneFilters } from './phone-filters';

export interface FiltersCardProps<F extends ShownFilters> {
  /** Names the card: its title is `${id}-title`. */
  id: string;
  title: string;
  /** The filters the tab shows, in order. */
  shows: readonly (keyof F & FilterName)[];
  filters: F;
  onChange: (filters: F) => void;
  lists: FilterLists;
  /** Why a filter changed on its own (a provider not at the location chosen), or null. */
  note: string | null;
  /** Beside the title: how far the figures go. */
  aside?: ReactNode;
  /** The tab's export. */
  actions: ReactNode;
  /**
   * One line above a list, its title for screen readers only (the page has its own heading), and
   * on a phone behind a Filters button (Follow-ups). Without it a titled card whose selects share
   * a row, on a phone too (the Dashboard).
   */
  line?: boolean;
  phone?: boolean;
}

/**
 * A tab's filters card: the selects and switches it shows, its export, and the lines that say why
 * a filter changed on its own or whose patients these are.
 */
export function FiltersCard<F extends ShownFilters>(props: FiltersCardProps<F>) {
  const {
    id,
    title,
    shows,
    filters,
    onChange,
    lists,
    note,
    aside,
    actions,
    line = false,
    phone = false,
  } = props;
  const held = useHeldProvider();
  const titleId = `${id}-title`;
  const notes = (note || held) && (
    <>
      {note && <FilterChangeNote note={note} />}
      {held && <OwnPatientsNote provider={held.provider} />}
    </>
  );
  const fields = (layout: FieldsLayout) => (
    <FilterFields
      id={id}
      shows={shows}
      filters={filters}
      onChange={onChange}
      lists={lists}
      held={held !== null}
      layout={layout}
    />
  );

  if (!line)
    return (
      <Card component="section" aria-labelledby={titleId}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {aside}
          </Group>
          <Group align="flex-end" justify="space-between" gap="md">
            <Group
              align="flex-end"
              gap="md"
              grow
              preventGrowOverflow={false}
              style={{ flex: '1 1 320px', maxWidth: lists.locations.length > 0 ? 720 : 520 }}
            >
              {fields('row')}
            </Group>
            {actions}
          </Group>
          {notes}
        </Stack>
      </Card>
    );

  const hiddenTitle = (
    <VisuallyHidden>
      <Title order={2} id={titleId}>
        {title}
      </Title>
    </VisuallyHidden>
  );
  const belowNotes = notes && (
    <Stack gap="xs" mt="xs">
      {notes}
    </Stack>
  );
  if (phone)
    return (
      <PhoneFilters
        id={id}
        titleId={titleId}
        title={hiddenTitle}
        filters={filters}
        held={held !== null}
        actions={actions}
        notes={belowNotes}
      >
        {fields('stack')}
      </PhoneFilters>
    );
  return (
    <Card component="section" aria-labelledby={titleId} padding="sm">
      {hiddenTitle}
      <Group align="flex-end" gap="md" wrap="wrap">
        {fields('line')}
        <div className={classes.pushRight}>{actions}</div>
      </Group>
      {belowNotes}
    </Card>
  );
}
