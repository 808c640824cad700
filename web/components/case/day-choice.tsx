import { Button, Group, Text, TextInput } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { localDay } from '../../../common/calendar-day';
import { quickPicks } from './words';

interface Props {
  /** The question ('Call, No answer: next follow-up?'), which names the group of quick picks. */
  title: string;
  /** The date field's value, held by the form so its draft keeps it. */
  date: string;
  onDate: (date: string) => void;
  /** A quick pick, or the date field's day: saves at once. */
  onChoose: (day: string) => void;
  busy: boolean;
  /** Buttons after the quick picks ('No new date'). */
  more?: ReactNode;
  /** Between the question and the picks: a note to save with it. */
  children?: ReactNode;
  onCancel: () => void;
}

/**
 * A day to come back to (or of an appointment): the quick picks, each on a weekday and saying
 * which, or any day from today on in the date field.
 */
export function DayChoice({ title, date, onDate, onChoose, busy, more, children, onCancel }: Props) {
  const titleId = useId();
  const today = localDay();
  return (
    <>
      <Text size="sm" fw={600} id={titleId}>
        {title}
      </Text>
      {children}
      <Group gap="xs" role="group" aria-labelledby={titleId}>
        {quickPicks(today).map((pick) => (
          <Button key={pick.label} size="xs" loading={busy} onClick={() => onChoose(pick.day)}>
            {pick.label}
          </Button>
        ))}
        {more}
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (date) onChoose(date);
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            type="date"
            size="xs"
            label="Or a date"
            value={date}
            // Today is a day too: a call back this afternoon, an appointment later today.
            min={today}
            onChange={(event) => onDate(event.currentTarget.value)}
          />
          <Button type="submit" size="xs" variant="default" disabled={!date} loading={busy}>
            Save with this date
          </Button>
          <Button variant="subtle" color="gray" size="xs" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </form>
    </>
  );
}
