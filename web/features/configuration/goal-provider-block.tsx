import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type Ref, useEffect, useId, useRef } from 'react';
import { GOAL_METRIC_NAMES, GOAL_METRICS, type GoalMetric, MONTH_NAMES } from '../../../common/api/goals';
import {
  cellKey,
  type GoalCell,
  type GoalErrors,
  type GoalMode,
  type GoalRowDraft,
  type ProviderGoals,
} from './goals-draft';

export const MODE_NAMES: Record<GoalMode, string> = {
  same: 'Same every month',
  monthly: 'Month by month',
};

const MODES = (Object.keys(MODE_NAMES) as GoalMode[]).map((value) => ({ value, label: MODE_NAMES[value] }));

interface Props {
  block: ProviderGoals;
  errors: GoalErrors;
  canEdit: boolean;
  disabled: boolean;
  /** The provider was just added: their first box takes the focus. */
  focusFirst: boolean;
  onRow: (metric: GoalMetric, row: GoalRowDraft, cell: GoalCell | 'all') => void;
  onRemove: () => void;
}

/** One provider's three goals, each one amount for every month or twelve, January first. */
export function GoalProviderBlock({ block, errors, canEdit, disabled, focusFirst, onRow, onRemove }: Props) {
  const { provider } = block;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  const titleId = useId();

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {provider}
        </Text>
        {canEdit && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Remove ${provider}`}
            onClick={onRemove}
            disabled={disabled}
          >
            Remove
          </Button>
        )}
      </Group>
      {errors.providers[provider] && (
        <Alert color="red" variant="light" role="alert" mb="xs" p="xs">
          {errors.providers[provider]}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" verticalSpacing="md">
        {GOAL_METRICS.map((metric, index) => (
          <MetricGoal
            key={metric}
            provider={provider}
            metric={metric}
            row={block.rows[metric]}
            errors={errors}
            canEdit={canEdit}
            disabled={disabled}
            firstRef={index === 0 ? first : undefined}
            onRow={(row, cell) => onRow(metric, row, cell)}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );
}

interface MetricProps {
  provider: string;
  metric: GoalMetric;
  row: GoalRowDraft;
  errors: GoalErrors;
  canEdit: boolean;
  disabled: boolean;
  firstRef?: Ref<HTMLInputElement>;
  onRow: (row: GoalRowDraft, cell: GoalCell | 'all') => void;
}

const isEmpty = (row: GoalRowDraft) =>
  row.mode === 'same' ? !row.same.trim() : row.months.every((text) => !text.trim());

/** Switching keeps both kinds; a side still blank starts from the other. */
function switched(row: GoalRowDraft, mode: GoalMode): GoalRowDraft {
  if (mode === 'monthly' && row.months.every((text) => !text.trim()))
    return { ...row, mode, months: Array(12).fill(row.same) };
  if (mode === 'same' && !row.same.trim() && row.months.every((text) => text === row.months[0]))
    return { ...row, mode, same: row.months[0] };
  return { ...row, mode };
}

function MetricGoal({ provider, metric, row, errors, canEdit, disabled, firstRef, onRow }: MetricProps) {
  const name = `${provider} ${GOAL_METRIC_NAMES[metric]}`;
  const money = metric === 'arch_value';
  const amountProps = {
    readOnly: !canEdit,
    // Read-only amounts look like values shown, not boxes to type in.
    variant: canEdit ? 'default' : 'filled',
    disabled,
    inputMode: money ? 'decimal' : 'numeric',
    autoComplete: 'off',
    leftSection: money ? (
      <Text size="sm" c="dimmed" aria-hidden>
        $
      </Text>
    ) : undefined,
    leftSectionWidth: money ? 20 : undefined,
    // The metric's name heads the boxes; their labels only say which month.
    labelProps: { fw: 400 },
    errorProps: { role: 'alert' },
  } as const;

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap={6} wrap="wrap" mih={28}>
        <Text fw={600} size="sm">
          {GOAL_METRIC_NAMES[metric]}
        </Text>
        {canEdit ? (
          <SegmentedControl
            size="xs"
            role="radiogroup"
            aria-label={`${name}: how the goal is set`}
            data={MODES}
            value={row.mode}
            disabled={disabled}
            onChange={(mode) => onRow(switched(row, mode as GoalMode), 'all')}
          />
        ) : null}
      </Group>
      {!canEdit && isEmpty(row) ? (
        <Text size="sm" c="dimmed">
          No goal
        </Text>
      ) : row.mode === 'same' ? (
        <TextInput
          {...amountProps}
          ref={firstRef}
          label="Every month"
          aria-label={`${name} every month`}
          placeholder="No goal"
          value={row.same}
          onChange={(event) => onRow({ ...row, same: event.currentTarget.value }, 'same')}
          error={errors.cells[cellKey(provider, metric, 'same')]}
          maw={220}
        />
      ) : (
        // Money needs room for `$ 22,500.50`: two columns on a phone.
        <SimpleGrid cols={{ base: money ? 2 : 3, xs: 3 }} spacing="xs" verticalSpacing={6}>
          {MONTH_NAMES.map((month, m) => (
            <TextInput
              {...amountProps}
              key={month}
              ref={m === 0 ? firstRef : undefined}
              size="xs"
              label={month.slice(0, 3)}
              aria-label={`${name} ${month}`}
              value={row.months[m]}
              onChange={(event) => {
                const months = [...row.months];
                months[m] = event.currentTarget.value;
                onRow({ ...row, months }, m);
              }}
              error={errors.cells[cellKey(provider, metric, m)]}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
