import { Select, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { WorklistSort } from '../../../common/api/worklist';
import classes from './follow-ups.module.css';

/** The orders the server offers, as the Sort select and the headers' names say them. */
export const SORT_NAMES: Record<WorklistSort, string> = {
  waiting: 'Longest waiting first',
  recent: 'Shortest waiting first',
  value: 'Largest case value first',
  follow_up: 'Soonest follow-up first',
  approved: 'Financing approved first',
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
  const split = label.lastIndexOf(' ') + 1;
  const [first, last] = [label.slice(0, split), label.slice(split)];
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={() => onSort(next)}
      title={`Sort: ${SORT_NAMES[next].toLowerCase()}`}
    >
      {first}
      {/* The arrow keeps to the last word when a narrow column wraps the header. */}
      <span className={classes.oneLine}>
        {last}
        <Icon
          size={14}
          aria-hidden
          className={classes.sortIcon}
          data-off={direction === 'none' || undefined}
        />
      </span>
    </UnstyledButton>
  );
}

/**
 * Every order in one select, its label beside it: the only sort on a phone, where the headers are
 * gone, and on a desktop the way to the orders no header has (financing approved first).
 */
export function SortSelect({ sort, onSort }: { sort: WorklistSort; onSort: (sort: WorklistSort) => void }) {
  return (
    <Select
      label="Sort"
      size="xs"
      data={Object.entries(SORT_NAMES).map(([value, label]) => ({ value, label }))}
      value={sort}
      allowDeselect={false}
      onChange={(next) => next && onSort(next as WorklistSort)}
      classNames={{ root: classes.inlineField, label: classes.inlineLabel, wrapper: classes.sortWrapper }}
    />
  );
}
