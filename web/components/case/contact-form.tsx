import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlarmSnooze } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import {
  type ActivityBody,
  CONTACT_KINDS,
  type ContactKind,
  KIND_NAMES,
  MAX_NOTE_LENGTH,
  OUTCOME_NAMES,
  OUTCOMES,
  type Outcome,
} from '../../../common/api/activities';
import { formatDate } from '../../../common/format';
import { useRecordActivity } from './api';
import { DayChoice } from './day-choice';
import { isOneOf, isText, readFields, useCaseDraft } from './drafts';
import { saved, saveFailed } from './feedback';
import { APPOINTMENT_NOTE_ROOM, addDays, appointmentNote, longDay } from './words';

type Step =
  | { at: 'kind' }
  | { at: 'outcome'; kind: ContactKind }
  | { at: 'follow-up'; kind: ContactKind; outcome: Outcome }
  /** A later day to come back, without a contact. */
  | { at: 'snooze' };

/** The form as far as it got: kept as a draft, so the automatic logoff loses none of it. */
interface Draft {
  step: Step;
  date: string;
  note: string;
}
const START: Draft = { step: { at: 'kind' }, date: '', note: '' };

function readDraft(stored: unknown): Draft | null {
  const draft = readFields<Draft>(stored, { step: (s) => readStep(s) !== null, date: isText, note: isText });
  return draft && { ...draft, step: readStep(draft.step) as Step };
}

function readStep(stored: unknown): Step | null {
  const step = readFields<{ at: string; kind: ContactKind | null; outcome: Outcome | null }>(stored, {
    at: isOneOf(['kind', 'outcome', 'follow-up', 'snooze']),
    kind: (k) => k === undefined || isOneOf(CONTACT_KINDS)(k),
    outcome: (o) => o === undefined || isOneOf(OUTCOMES)(o),
  });
  if (!step) return null;
  if (step.at === 'kind' || step.at === 'snooze') return { at: step.at };
  if (!step.kind) return null;
  if (step.at === 'outcome') return { at: 'outcome', kind: step.kind };
  return step.outcome ? { at: 'follow-up', kind: step.kind, outcome: step.outcome } : null;
}

/**
 * A contact in three clicks: its kind, its outcome, then when to come back (a quick pick, a date,
 * or leave the next follow-up as it is); for a `scheduled` outcome, the appointment's day instead,
 * the patient coming back the day after it. Or a snooze: only the day to come back. Each step
 * moves the focus to its first button, so a keyboard user goes on where the eye does.
 */
export function ContactForm({ patientName }: { patientName: string }) {
  const [draft, setDraft] = useCaseDraft(patientName, 'contact', START, readDraft);
  const { step, date, note } = draft;
  const titleId = useId();
  const record = useRecordActivity();
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const at = step.at;
  useEffect(() => {
    if (!moved.current || !at) return;
    // A button, not the note box: on a phone a focused box opens the keyboard over the choices.
    stepRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [at]);
  const go = (next: Step) => {
    moved.current = true;
    setDraft(next.at === 'kind' ? START : { ...draft, step: next });
  };

  const write = (body: ActivityBody, message: string) =>
    record.mutate(body, {
      onSuccess: () => {
        saved(message);
        go({ at: 'kind' });
      },
      onError: saveFailed,
    });
  const typed = note.trim() ? { note } : {};

  const saveContact = (kind: ContactKind, outcome: Outcome, day: string | undefined) => {
    const did = `${KIND_NAMES[kind]} recorded: ${OUTCOME_NAMES[outcome]}`;
    if (outcome === 'scheduled' && day) {
      // Off today's list until the day after the visit: back then if the next import does not
      // show the appointment (it did not happen, or was not booked after all).
      const back = addDays(day, 1);
      write(
        { patient_name: patientName, kind, outcome, next_follow_up: back, note: appointmentNote(day, note) },
        `${did}, appointment ${longDay(day)}; back on the list ${formatDate(back)} if it is not in the next import.`,
      );
      return;
    }
    write(
      { patient_name: patientName, kind, outcome, ...(day ? { next_follow_up: day } : {}), ...typed },
      `${did}${day ? `, next follow-up ${formatDate(day)}` : ''}.`,
    );
  };
  const snooze = (day: string) =>
    write(
      { patient_name: patientName, kind: 'snooze', next_follow_up: day, ...typed },
      `Snoozed: back on the list ${longDay(day)}.`,
    );

  const noteBox = (
    <Textarea
      label="Note with it (optional)"
      size="xs"
      rows={2}
      maxLength={MAX_NOTE_LENGTH - APPOINTMENT_NOTE_ROOM}
      value={note}
      onChange={(event) => setDraft({ ...draft, note: event.currentTarget.value })}
    />
  );
  const dayProps = {
    date,
    onDate: (next: string) => setDraft({ ...draft, date: next }),
    busy: record.isPending,
    onCancel: () => go({ at: 'kind' }),
  };

  return (
    <Stack gap={6} ref={stepRef}>
      {step.at === 'kind' && (
        <>
          <Text size="sm" fw={600} id={titleId}>
            Record a contact
          </Text>
          <Group gap="xs" justify="space-between">
            <Group gap="xs" role="group" aria-labelledby={titleId}>
              {CONTACT_KINDS.map((kind) => (
                <Button key={kind} variant="light" size="xs" onClick={() => go({ at: 'outcome', kind })}>
                  {KIND_NAMES[kind]}
                </Button>
              ))}
            </Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconAlarmSnooze size={14} aria-hidden />}
              onClick={() => go({ at: 'snooze' })}
            >
              Snooze
            </Button>
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
      {step.at === 'follow-up' && step.outcome === 'scheduled' && (
        <DayChoice
          title={`${KIND_NAMES[step.kind]}, ${OUTCOME_NAMES[step.outcome]}: on which day is the appointment?`}
          onChoose={(day) => saveContact(step.kind, step.outcome, day)}
          {...dayProps}
        >
          {noteBox}
        </DayChoice>
      )}
      {step.at === 'follow-up' && step.outcome !== 'scheduled' && (
        <DayChoice
          title={`${KIND_NAMES[step.kind]}, ${OUTCOME_NAMES[step.outcome]}: next follow-up?`}
          onChoose={(day) => saveContact(step.kind, step.outcome, day)}
          more={
            <Button
              size="xs"
              variant="default"
              loading={record.isPending}
              onClick={() => saveContact(step.kind, step.outcome, undefined)}
            >
              No new date
            </Button>
          }
          {...dayProps}
        >
          {noteBox}
        </DayChoice>
      )}
      {step.at === 'snooze' && (
        <DayChoice
          title="Snooze (no contact): back on the list on which day?"
          onChoose={snooze}
          {...dayProps}
        >
          {noteBox}
        </DayChoice>
      )}
    </Stack>
  );
}
