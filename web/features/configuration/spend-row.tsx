import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { MONTH_NAMES } from '../../../common/api/goals';
import { MODE_NAMES } from './goal-provider-block';
import type { GoalMode } from './goals-draft';
import {
  isEmptyRow,
  type SpendCell,
  type SpendErrors,
  type SpendRowDraft,
  spendCellKey,
  switchMode,
} from './spend-draft';

const MODES = (Object.keys(MODE_NAMES) as GoalMode[]).map((value) => ({ value, label: MODE_NAMES[value] }));

interface Props {
  row: SpendRowDraft;
  errors: SpendErrors;
  canEdit: boolean;
  disabled: boolean;
  /** The source was just added: its first box takes the focus. */
  focusFirst: boolean;
  onRow: (row: SpendRowDraft, cell: SpendCell | 'all') => void;
  onRemove: () => void;
}

/** One source's spend: one amount for every month, or twelve, January first. */
export function SpendRow({ row, errors, canEdit, disabled, focusFirst, onRow, onRemove }: Props) {
  const { source } = row;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  const titleId = useId();

  const amountProps = {
    readOnly: !canEdit,
    // Read-only amounts look like values shown, not boxes to type in.
    variant: canEdit ? 'default' : 'filled',
    disabled,
    inputMode: 'decimal',
    autoComplete: 'off',
    leftSection: (
      <Text size="sm" c="dimmed" aria-hidden>
        $
      </Text>
    ),
    leftSectionWidth: 20,
    // The source heads the boxes; their labels only say which month.
    labelProps: { fw: 400 },
    errorProps: { role: 'alert' },
  } as const;

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {source}
        </Text>
        {canEdit && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Remove ${source}`}
            onClick={onRemove}
            disabled={disabled}
          >
            Remove
          </Button>
        )}
      </Group>
      {canEdit && (
        <SegmentedControl
          size="xs"
          mb="xs"
          role="radiogroup"
          aria-label={`${source}: how the spend is entered`}
          data={MODES}
          value={row.mode}
          disabled={disabled}
          onChange={(mode) => onRow(switchMode(row, mode as GoalMode), 'all')}
        />
      )}
      {errors.sources[source] && (
        <Alert color="red" variant="light" role="alert" mb="xs" p="xs">
          {errors.sources[source]}
        </Alert>
      )}
      {!canEdit && isEmptyRow(row) ? (
        <Text size="sm" c="dimmed">
          No spend
        </Text>
      ) : row.mode === 'same' ? (
        <TextInput
          {...amountProps}
          ref={first}
          label="Every month"
          aria-label={`${source} every month`}
          placeholder="0"
          value={row.same}
          onChange={(event) => onRow({ ...row, same: event.currentTarget.value }, 'same')}
          error={errors.cells[spendCellKey(source, 'same')]}
          maw={220}
        />
      ) : (
        // Six months a row on a desktop; `$ 22,500.50` needs two columns on a phone.
        <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs" verticalSpacing={6}>
          {MONTH_NAMES.map((month, m) => (
            <TextInput
              {...amountProps}
              key={month}
              ref={m === 0 ? first : undefined}
              size="xs"
              label={month.slice(0, 3)}
              aria-label={`${source} ${month}`}
              placeholder="0"
              value={row.months[m]}
              onChange={(event) => {
                const months = [...row.months];
                months[m] = event.currentTarget.value;
                onRow({ ...row, months }, m);
              }}
              error={errors.cells[spendCellKey(source, m)]}
            />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
