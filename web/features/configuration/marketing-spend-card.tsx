import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLock, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { SPEND_SOURCE_MAX } from '../../../common/api/marketing';
import { QueryStatus } from '../../components/query-status';
import { ApiError, errorMessage } from '../../lib/api';
import { AddByName } from './add-by-name';
import { useGoalSuggestions } from './goals-api';
import { spendQuery, useKnownSources, useSaveSpend, useSpend } from './spend-api';
import {
  addSourceProblem,
  checkSpend,
  hasSpendErrors,
  NO_SPEND_ERRORS,
  offeredSources,
  rowsOf,
  type SpendCell,
  type SpendErrors,
  type SpendRowDraft,
  sameSpend,
  serverErrors,
  spendCellKey,
  withSource,
} from './spend-draft';
import { SpendRow } from './spend-row';

export const SPEND_READ_ONLY = 'Only managers and admins can change marketing spend.';
export const SPEND_SAVED = 'Marketing spend saved.';
const FORM_ID = 'marketing-spend-form';

/** A line under the buttons: what Copy or Save just did. */
type Notice = { tone: 'done' | 'info' | 'failed'; text: string } | null;

/** Last year to next, and every year of the data or the one chosen. */
function yearChoices(thisYear: number, dataYears: readonly number[], chosen: number): string[] {
  const years = new Set([thisYear - 1, thisYear, thisYear + 1, chosen, ...dataYears]);
  return [...years].sort((a, b) => a - b).map(String);
}

/** The marks an edit clears: the box typed in, or every box of the row, and the row's own. */
function withoutMarks(errors: SpendErrors, source: string, cell: SpendCell | 'all'): SpendErrors {
  const cells = { ...errors.cells };
  const all: SpendCell[] = ['same', ...Array.from({ length: 12 }, (_, m) => m)];
  for (const c of cell === 'all' ? all : [cell]) delete cells[spendCellKey(source, c)];
  const sources = { ...errors.sources };
  delete sources[source];
  return { cells, sources, form: errors.form };
}

/**
 * The money spent on each lead source, month by month (docs/behaviour.md section 19). Managers and
 * admins edit the whole year and save it at once; coordinators read it.
 */
export function MarketingSpendCard({ canEdit }: { canEdit: boolean }) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const spend = useSpend(year);
  const { years } = useGoalSuggestions();
  const known = useKnownSources(year, canEdit);
  const save = useSaveSpend();
  const client = useQueryClient();

  // The unsaved grid of each year looked at: changing the year keeps what was typed.
  const [drafts, setDrafts] = useState<Record<number, SpendRowDraft[]>>({});
  const [errors, setErrors] = useState<SpendErrors>(NO_SPEND_ERRORS);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const saved = useMemo(() => rowsOf(spend.data ?? []), [spend.data]);
  const draft = drafts[year];
  const rows = draft ?? saved;
  const dirty = draft !== undefined && !sameSpend(year, draft, saved);
  const busy = save.isPending || copying;

  // After a refused save the first marked box takes the focus, scrolled into view with its message.
  useEffect(() => {
    if (attempt === 0) return;
    const first = form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  }, [attempt]);

  const change = (next: SpendRowDraft[], nextErrors: SpendErrors = NO_SPEND_ERRORS) => {
    setDrafts((all) => ({ ...all, [year]: next }));
    setErrors(nextErrors);
    setNotice(null);
    save.reset();
  };

  const editRow = (row: SpendRowDraft, cell: SpendCell | 'all') => {
    setAdded(null);
    change(
      rows.map((r) => (r.source === row.source ? row : r)),
      withoutMarks(errors, row.source, cell),
    );
  };

  const addSource = (name: string): string | null => {
    const problem = addSourceProblem(name, rows);
    if (problem) return problem;
    const next = withSource(rows, name);
    change(next, errors);
    setAdded(next.find((r) => !rows.includes(r))?.source ?? null);
    return null;
  };

  const chooseYear = (value: string | null) => {
    if (!value) return;
    setYear(Number(value));
    setErrors(NO_SPEND_ERRORS);
    setNotice(null);
    setAdded(null);
    save.reset();
  };

  async function copyLastYear() {
    const last = year - 1;
    setCopying(true);
    try {
      const previous = (await client.fetchQuery(spendQuery(last))).spend;
      if (previous.length === 0) {
        setNotice({ tone: 'info', text: `There is no spend for ${last} to copy.` });
        return;
      }
      setAdded(null);
      change(rowsOf(previous));
      setNotice({ tone: 'info', text: `Copied the spend of ${last}. Save to keep it for ${year}.` });
    } catch (err) {
      setNotice({ tone: 'failed', text: errorMessage(err, `Failed to read the spend of ${last}`) });
    } finally {
      setCopying(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || busy) return;
    const checked = checkSpend(year, rows);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setNotice(null);
      setAttempt((n) => n + 1);
      return;
    }
    const savedYear = year;
    const sent = rows;
    save.mutate(checked.body, {
      onSuccess: () => {
        setDrafts(({ [savedYear]: _, ...others }) => others);
        setErrors(NO_SPEND_ERRORS);
        setAdded(null);
        setNotice({ tone: 'done', text: SPEND_SAVED });
      },
      onError: (err) => {
        // A refusal about one box or row is said there, as the card's own checks are.
        const marked =
          err instanceof ApiError && err.status === 400 ? serverErrors(sent, err.field, err.message) : null;
        if (!marked) return;
        setErrors(marked);
        setAttempt((n) => n + 1);
        save.reset();
      },
    });
  }

  const discard = () => {
    setDrafts(({ [year]: _, ...others }) => others);
    setErrors(NO_SPEND_ERRORS);
    setNotice(null);
    setAdded(null);
    save.reset();
  };

  return (
    <Card component="section" aria-labelledby="marketing-spend-title">
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
        <div style={{ flex: '1 1 280px' }}>
          <Title order={3} size="h4" id="marketing-spend-title">
            Marketing spend
          </Title>
          <Text size="sm" c="dimmed">
            What the group spends on each lead source, month by month; the Dashboard's Marketing return sets
            it against the leads, consults and arches each source brings.
          </Text>
        </div>
        <Select
          label="Year"
          data={yearChoices(thisYear, years, year)}
          value={String(year)}
          onChange={chooseYear}
          allowDeselect={false}
          disabled={busy}
          w={120}
        />
      </Group>

      <QueryStatus
        query={spend}
        loading="Loading the marketing spend"
        failed="Failed to load the marketing spend"
      />
      {spend.isSuccess && (
        <Stack gap="md">
          <form
            id={FORM_ID}
            ref={form}
            onSubmit={submit}
            noValidate
            aria-label={`Marketing spend for ${year}`}
          >
            <Stack gap="sm">
              {rows.length === 0 && (
                <Text size="sm" c="dimmed">
                  No spend for {year}.
                  {canEdit && ' Add a source below, or copy the spend of the year before.'}
                </Text>
              )}
              {rows.map((row) => (
                <SpendRow
                  key={row.source}
                  row={row}
                  errors={errors}
                  canEdit={canEdit}
                  disabled={busy}
                  focusFirst={added === row.source}
                  onRow={editRow}
                  onRemove={() => {
                    setAdded(null);
                    change(
                      rows.filter((r) => r !== row),
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
                noun="source"
                formLabel="Add a source's spend"
                maxLength={SPEND_SOURCE_MAX}
                suggestions={offeredSources(known, rows)}
                disabled={busy}
                onAdd={addSource}
              />
              {errors.form && (
                <Alert color="red" variant="light" role="alert">
                  {errors.form}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" form={FORM_ID} loading={save.isPending} disabled={!dirty || copying}>
                  Save spend
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
              {dirty && !hasSpendErrors(errors) && (
                <Group gap={6} wrap="nowrap">
                  <IconPencil size={16} aria-hidden />
                  <Text size="sm">Unsaved changes: Save spend keeps them.</Text>
                </Group>
              )}
              {hasSpendErrors(errors) && (
                <Text size="sm" c="red.8">
                  Nothing was saved: correct the marked amounts, then save again.
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
                <Alert color="red" variant="light" role="alert" title="Spend not saved">
                  {errorMessage(save.error, 'Failed to save the marketing spend')}
                </Alert>
              )}
            </>
          ) : (
            <Group gap={6} wrap="nowrap">
              <IconLock size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                {SPEND_READ_ONLY}
              </Text>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
