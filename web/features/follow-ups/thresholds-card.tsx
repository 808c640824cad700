import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  MAX_THRESHOLD_DAYS,
  STAGE_NAMES,
  STAGES,
  type Stage,
  thresholds as thresholdsSchema,
} from '../../../common/api/worklist';
import { QueryStatus } from '../../components/query-status';
import { errorMessage } from '../../lib/api';
import { useSaveThresholds, useThresholds } from './api';

export const READ_ONLY_REASON = 'Only managers and admins can change the thresholds.';
export const SAVED = 'Thresholds saved.';

type Draft = Record<Stage, number | string>;

/**
 * How long a case waits in each stage before it is listed. Managers and admins edit and save all
 * four at once; providers see them read-only.
 */
export function ThresholdsCard({ canEdit }: { canEdit: boolean }) {
  const saved = useThresholds();
  const save = useSaveThresholds();
  // null: showing the server's values; an edit starts a draft, a successful save ends it.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Stage, string>>>({});
  const values: Draft | undefined = draft ?? saved.data;

  const edit = (stage: Stage, value: number | string) => {
    if (!values) return;
    setDraft({ ...values, [stage]: value });
    setFieldErrors((current) => ({ ...current, [stage]: undefined }));
    save.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    // The contract's own rules, so the screen says what the server would.
    const parsed = thresholdsSchema.safeParse(
      Object.fromEntries(STAGES.map((s) => [s, values[s] === '' ? undefined : values[s]])),
    );
    if (!parsed.success) {
      const errors: Partial<Record<Stage, string>> = {};
      for (const issue of parsed.error.issues) {
        const stage = STAGES.find((s) => s === issue.path[0]);
        if (stage && !errors[stage]) errors[stage] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    save.mutate(parsed.data, { onSuccess: () => setDraft(null) });
  }

  return (
    <Card component="section" aria-labelledby="follow-ups-thresholds-title">
      <Title order={2} size="h4" id="follow-ups-thresholds-title">
        Follow-up Thresholds
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        How many days a case waits in each stage before it is listed (0 to {MAX_THRESHOLD_DAYS}).
      </Text>
      <QueryStatus query={saved} loading="Loading the thresholds" failed="Failed to load the thresholds" />
      {values && (
        <form onSubmit={submit} noValidate aria-label="Follow-up thresholds">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
              {STAGES.map((stage) => (
                <NumberInput
                  key={stage}
                  label={STAGE_NAMES[stage]}
                  value={values[stage]}
                  onChange={(value) => edit(stage, value)}
                  min={0}
                  max={MAX_THRESHOLD_DAYS}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  rightSection={
                    <Text size="xs" c="dimmed" aria-hidden>
                      days
                    </Text>
                  }
                  rightSectionWidth={44}
                  disabled={!canEdit || save.isPending}
                  error={fieldErrors[stage]}
                />
              ))}
            </SimpleGrid>
            {canEdit ? (
              <Group gap="sm">
                <Button type="submit" loading={save.isPending} disabled={draft === null}>
                  Save Thresholds
                </Button>
                {save.isSuccess && (
                  <Text size="sm" c="green.8" role="status">
                    <IconCheck size={14} aria-hidden style={{ verticalAlign: -2 }} /> {SAVED}
                  </Text>
                )}
              </Group>
            ) : (
              <Group gap={6} wrap="nowrap">
                <IconLock size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {READ_ONLY_REASON}
                </Text>
              </Group>
            )}
            {save.isError && (
              <Alert color="red" variant="light" role="alert" title="Thresholds not saved">
                {errorMessage(save.error, 'Failed to save the thresholds')}
              </Alert>
            )}
          </Stack>
        </form>
      )}
    </Card>
  );
}
