import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLock, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { GOAL_PROVIDER_MAX, type GoalMetric } from '../../../common/api/goals';
import { QueryStatus } from '../../components/query-status';
import { errorMessage } from '../../lib/api';
import { AddByName } from './add-by-name';
import { GoalProviderBlock } from './goal-provider-block';
import { goalsQuery, useGoalSuggestions, useGoals, useSaveGoals } from './goals-api';
import {
  addProviderProblem,
  blocksOf,
  cellKey,
  checkGoals,
  type GoalCell,
  type GoalErrors,
  type GoalRowDraft,
  hasErrors,
  NO_ERRORS,
  type ProviderGoals,
  sameGoals,
  withProvider,
} from './goals-draft';

export const GOALS_READ_ONLY = 'Only managers and admins can change goals.';
export const GOALS_SAVED = 'Goals saved.';
const FORM_ID = 'goals-form';

/** A line under the buttons: what Copy or Save just did. */
type Notice = { tone: 'done' | 'info' | 'failed'; text: string } | null;

/** Last year to next, and every year of the data or the one chosen. */
function yearChoices(thisYear: number, dataYears: readonly number[], chosen: number): string[] {
  const years = new Set([thisYear - 1, thisYear, thisYear + 1, chosen, ...dataYears]);
  return [...years].sort((a, b) => a - b).map(String);
}

/** The cells of a row an edit clears the marks of: the box typed in, or all of them. */
function withoutMarks(errors: GoalErrors, provider: string, metric: GoalMetric, cell: GoalCell | 'all') {
  const cells = { ...errors.cells };
  const all: GoalCell[] = ['same', ...Array.from({ length: 12 }, (_, m) => m)];
  for (const c of cell === 'all' ? all : [cell]) delete cells[cellKey(provider, metric, c)];
  const providers = { ...errors.providers };
  delete providers[provider];
  return { cells, providers, form: errors.form };
}

/**
 * Each provider's monthly goals for a year (docs/behaviour.md section 16). Managers and admins
 * edit the whole year and save it at once; providers read it.
 */
export function GoalsCard({ canEdit }: { canEdit: boolean }) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const goals = useGoals(year);
  const suggestions = useGoalSuggestions();
  const save = useSaveGoals();
  const client = useQueryClient();

  // The unsaved grid of each year looked at: changing the year keeps what was typed.
  const [drafts, setDrafts] = useState<Record<number, ProviderGoals[]>>({});
  const [errors, setErrors] = useState<GoalErrors>(NO_ERRORS);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const saved = useMemo(() => blocksOf(goals.data ?? []), [goals.data]);
  const draft = drafts[year];
  const blocks = draft ?? saved;
  const dirty = draft !== undefined && !sameGoals(year, draft, saved);
  const busy = save.isPending || copying;

  // After a refused save the first marked box takes the focus, scrolled into view with its message.
  useEffect(() => {
    if (attempt === 0) return;
    const first = form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  }, [attempt]);

  const change = (next: ProviderGoals[], nextErrors: GoalErrors = NO_ERRORS) => {
    setDrafts((all) => ({ ...all, [year]: next }));
    setErrors(nextErrors);
    setNotice(null);
    save.reset();
  };

  const editRow = (provider: string, metric: GoalMetric, row: GoalRowDraft, cell: GoalCell | 'all') => {
    setAdded(null);
    change(
      blocks.map((b) => (b.provider === provider ? { ...b, rows: { ...b.rows, [metric]: row } } : b)),
      withoutMarks(errors, provider, metric, cell),
    );
  };

  const addProvider = (name: string): string | null => {
    const problem = addProviderProblem(name, blocks);
    if (problem) return problem;
    const next = withProvider(blocks, name);
    change(next, errors);
    setAdded(next.find((b) => !blocks.includes(b))?.provider ?? null);
    return null;
  };

  const chooseYear = (value: string | null) => {
    if (!value) return;
    setYear(Number(value));
    setErrors(NO_ERRORS);
    setNotice(null);
    setAdded(null);
    save.reset();
  };

  async function copyLastYear() {
    const last = year - 1;
    setCopying(true);
    try {
      const previous = (await client.fetchQuery(goalsQuery(last))).goals;
      if (previous.length === 0) {
        setNotice({ tone: 'info', text: `There are no goals for ${last} to copy.` });
        return;
      }
      setAdded(null);
      change(blocksOf(previous));
      setNotice({ tone: 'info', text: `Copied the goals of ${last}. Save to keep them for ${year}.` });
    } catch (err) {
      setNotice({ tone: 'failed', text: errorMessage(err, `Failed to read the goals of ${last}`) });
    } finally {
      setCopying(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || busy) return;
    const checked = checkGoals(year, blocks);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setNotice(null);
      setAttempt((n) => n + 1);
      return;
    }
    const savedYear = year;
    save.mutate(checked.body, {
      onSuccess: () => {
        setDrafts(({ [savedYear]: _, ...others }) => others);
        setErrors(NO_ERRORS);
        setAdded(null);
        setNotice({ tone: 'done', text: GOALS_SAVED });
      },
    });
  }

  const discard = () => {
    setDrafts(({ [year]: _, ...others }) => others);
    setErrors(NO_ERRORS);
    setNotice(null);
    setAdded(null);
    save.reset();
  };

  const inGrid = new Set(blocks.map((b) => b.provider.toLowerCase()));
  const offered = suggestions.providers.filter((name) => !inGrid.has(name.toLowerCase()));

  return (
    <Card component="section" aria-labelledby="goals-title">
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
        <div style={{ flex: '1 1 280px' }}>
          <Title order={3} size="h4" id="goals-title">
            Goals
          </Title>
          <Text size="sm" c="dimmed">
            Each provider's monthly goals for consults, cases won and arch value; the Dashboard shows the year
            against them. A goal left empty is no goal.
          </Text>
        </div>
        <Select
          label="Year"
          data={yearChoices(thisYear, suggestions.years, year)}
          value={String(year)}
          onChange={chooseYear}
          allowDeselect={false}
          disabled={busy}
          w={120}
        />
      </Group>

      <QueryStatus query={goals} loading="Loading the goals" failed="Failed to load the goals" />
      {goals.isSuccess && (
        <Stack gap="md">
          <form id={FORM_ID} ref={form} onSubmit={submit} noValidate aria-label={`Goals for ${year}`}>
            <Stack gap="sm">
              {blocks.length === 0 && (
                <Text size="sm" c="dimmed">
                  No goals for {year}.
                  {canEdit && ' Add a provider below, or copy the goals of the year before.'}
                </Text>
              )}
              {blocks.map((block) => (
                <GoalProviderBlock
                  key={block.provider}
                  block={block}
                  errors={errors}
                  canEdit={canEdit}
                  disabled={busy}
                  focusFirst={added === block.provider}
                  onRow={(metric, row, cell) => editRow(block.provider, metric, row, cell)}
                  onRemove={() => {
                    setAdded(null);
                    change(
                      blocks.filter((b) => b !== block),
                      errors,
                    );
                  }}
                />
              ))}
            </Stack>
          </form>

          {canEdit ? (
            <>
              <AddByName
                noun="provider"
                formLabel="Add a provider's goals"
                maxLength={GOAL_PROVIDER_MAX}
                suggestions={offered}
                disabled={busy}
                onAdd={addProvider}
              />
              {errors.form && (
                <Alert color="red" variant="light" role="alert">
                  {errors.form}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" form={FORM_ID} loading={save.isPending} disabled={!dirty || copying}>
                  Save Goals
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={copyLastYear}
                  loading={copying}
                  disabled={save.isPending}
                >
                  Copy from last year
                </Button>
                {dirty && (
                  <Button variant="subtle" onClick={discard} disabled={busy}>
                    Discard changes
                  </Button>
                )}
              </Group>
              {dirty && !hasErrors(errors) && (
                <Group gap={6} wrap="nowrap">
                  <IconPencil size={16} aria-hidden />
                  <Text size="sm">Unsaved changes: Save Goals keeps them.</Text>
                </Group>
              )}
              {hasErrors(errors) && (
                <Text size="sm" c="red.8">
                  Nothing was saved: correct the marked goals, then save again.
                </Text>
              )}
              {notice && (
                <Text
                  size="sm"
                  c={notice.tone === 'failed' ? 'red.8' : undefined}
                  role={notice.tone === 'failed' ? 'alert' : 'status'}
                >
                  {notice.tone === 'done' && (
                    <IconCheck size={14} aria-hidden style={{ verticalAlign: -2 }} />
                  )}{' '}
                  {notice.text}
                </Text>
              )}
              {save.isError && (
                <Alert color="red" variant="light" role="alert" title="Goals not saved">
                  {errorMessage(save.error, 'Failed to save the goals')}
                </Alert>
              )}
            </>
          ) : (
            <Group gap={6} wrap="nowrap">
              <IconLock size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                {GOALS_READ_ONLY}
              </Text>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
