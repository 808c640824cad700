import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CONTACT_KINDS,
  type ContactKind,
  KIND_NAMES,
  OUTCOME_NAMES,
  OUTCOMES,
  type Outcome,
} from '../../../common/api/activities';
import { formatDate } from '../../../common/format';
import { useRecordActivity } from './api';
import { saved, saveFailed } from './feedback';
import { addDays, FOLLOW_UP_PICKS, localDay } from './words';

type Step =
  | { at: 'kind' }
  | { at: 'outcome'; kind: ContactKind }
  | { at: 'follow-up'; kind: ContactKind; outcome: Outcome };

/**
 * A contact in three clicks: its kind, its outcome, then when to come back (a quick pick, a date,
 * or leave the next follow-up as it is). Each step moves the focus to its first button, so a
 * keyboard user goes on where the eye does.
 */
export function ContactForm({ patientName }: { patientName: string }) {
  const [step, setStep] = useState<Step>({ at: 'kind' });
  const [date, setDate] = useState('');
  const titleId = useId();
  const record = useRecordActivity();
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const at = step.at;
  useEffect(() => {
    if (!moved.current || !at) return;
    stepRef.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, [at]);
  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  const today = localDay();
  const save = (kind: ContactKind, outcome: Outcome, nextFollowUp: string | undefined) =>
    record.mutate(
      { patient_name: patientName, kind, outcome, ...(nextFollowUp ? { next_follow_up: nextFollowUp } : {}) },
      {
        onSuccess: () => {
          const when = nextFollowUp ? `, next follow-up ${formatDate(nextFollowUp)}` : '';
          saved(`${KIND_NAMES[kind]} recorded: ${OUTCOME_NAMES[outcome]}${when}.`);
          setDate('');
          go({ at: 'kind' });
        },
        onError: saveFailed,
      },
    );

  return (
    <Stack gap={6} ref={stepRef}>
      {step.at === 'kind' && (
        <>
          <Text size="sm" fw={600} id={titleId}>
            Record a contact
          </Text>
          <Group gap="xs" role="group" aria-labelledby={titleId}>
            {CONTACT_KINDS.map((kind) => (
              <Button key={kind} variant="light" size="xs" onClick={() => go({ at: 'outcome', kind })}>
                {KIND_NAMES[kind]}
              </Button>
            ))}
          </Group>
        </>
      )}
      {step.at === 'outcome' && (
        <>
          <Text size="sm" fw={600} id={titleId}>
            {KIND_NAMES[step.kind]}: how did it go?
          </Text>
          <Group gap="xs" role="group" aria-labelledby={titleId}>
            {OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                variant="light"
                size="xs"
                onClick={() => go({ at: 'follow-up', kind: step.kind, outcome })}
              >
                {OUTCOME_NAMES[outcome]}
              </Button>
            ))}
            <Button variant="subtle" color="gray" size="xs" onClick={() => go({ at: 'kind' })}>
              Cancel
            </Button>
          </Group>
        </>
      )}
      {step.at === 'follow-up' && (
        <>
          <Text size="sm" fw={600} id={titleId}>
            {KIND_NAMES[step.kind]}, {OUTCOME_NAMES[step.outcome]}: next follow-up?
          </Text>
          <Group gap="xs" role="group" aria-labelledby={titleId}>
            {FOLLOW_UP_PICKS.map((pick) => (
              <Button
                key={pick.days}
                size="xs"
                loading={record.isPending}
                onClick={() => save(step.kind, step.outcome, addDays(today, pick.days))}
              >
                {pick.label}
              </Button>
            ))}
            <Button
              size="xs"
              variant="default"
              loading={record.isPending}
              onClick={() => save(step.kind, step.outcome, undefined)}
            >
              No new date
            </Button>
          </Group>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (date) save(step.kind, step.outcome, date);
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput
                type="date"
                size="xs"
                label="Or a date"
                value={date}
                min={addDays(today, 1)}
                onChange={(event) => setDate(event.currentTarget.value)}
              />
              <Button type="submit" size="xs" variant="default" disabled={!date} loading={record.isPending}>
                Save with this date
              </Button>
              <Button variant="subtle" color="gray" size="xs" onClick={() => go({ at: 'kind' })}>
                Cancel
              </Button>
            </Group>
          </form>
        </>
      )}
    </Stack>
  );
}
