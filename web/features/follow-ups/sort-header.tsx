import { Select, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { WorklistSort } from '../../../common/api/worklist';
import classes from './follow-ups.module.css';

/** The orders the server offers, as the phone's select and the headers' names say them. */
export const SORT_NAMES: Record<WorklistSort, string> = {
  waiting: 'Longest waiting first',
  recent: 'Shortest waiting first',
  value: 'Largest case value first',
  follow_up: 'Soonest follow-up first',
};

/** A header's orders: the first on a click, the second on a click while the first is on. */
export type HeaderSorts = readonly [WorklistSort] | readonly [WorklistSort, WorklistSort];

/** aria-sort for a header: which way the list is sorted by it, if it is. */
export function ariaSort(sorts: HeaderSorts, sort: WorklistSort): 'ascending' | 'descending' | 'none' {
  if (!sorts.includes(sort)) return 'none';
  return sort === 'recent' || sort === 'follow_up' ? 'ascending' : 'descending';
}

/** The order a click on the header asks for. */
export const nextSort = (sorts: HeaderSorts, sort: WorklistSort): WorklistSort =>
  sort === sorts[0] && sorts[1] ? sorts[1] : sorts[0];

interface Props {
  label: string;
  sorts: HeaderSorts;
  sort: WorklistSort;
  onSort: (sort: WorklistSort) => void;
}

/** A header that sorts the list; its arrow and the cell's aria-sort say whether it does. */
export function SortButton({ label, sorts, sort, onSort }: Props) {
  const direction = ariaSort(sorts, sort);
  const Icon =
    direction === 'none' ? IconArrowsSort : direction === 'ascending' ? IconArrowUp : IconArrowDown;
  const next = nextSort(sorts, sort);
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={() => onSort(next)}
      title={`Sort: ${SORT_NAMES[next].toLowerCase()}`}
    >
      {label}
      <Icon size={14} aria-hidden style={{ opacity: direction === 'none' ? 0.45 : 1 }} />
    </UnstyledButton>
  );
}

/** On a phone the headers are gone: one select offers the same orders. */
export function SortSelect({ sort, onSort }: { sort: WorklistSort; onSort: (sort: WorklistSort) => void }) {
  return (
    <Select
      label="Sort"
      size="sm"
      data={Object.entries(SORT_NAMES).map(([value, label]) => ({ value, label }))}
      value={sort}
      allowDeselect={false}
      onChange={(next) => next && onSort(next as WorklistSort)}
      mb="sm"
    />
  );
}
