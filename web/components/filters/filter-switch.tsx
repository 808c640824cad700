import { Switch, Text, VisuallyHidden } from '@mantine/core';

interface Props {
  /** Makes the hint's id: `follow-ups-filters-include-snoozed-hint`. */
  idPrefix: string;
  label: string;
  /** What the switch leaves out when off. */
  hint: string;
  /** The hint as a line under the switch (the phone's filters), else on hover only. */
  showHint: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * One of the filters' switches. On a desktop its hint is hover text and its description, so the
 * filters stay one line above the list; on a phone, behind the Filters button, it is a line of its
 * own. Either way it is the switch's description, not part of its name.
 */
export function FilterSwitch({ idPrefix, label, hint, showHint, checked, onChange }: Props) {
  const hintId = `${idPrefix}-${label.toLowerCase().replace(/\W+/g, '-')}-hint`;
  return (
    <div title={showHint ? undefined : hint}>
      <Switch
        label={label}
        size="sm"
        aria-describedby={hintId}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      />
      {showHint ? (
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : (
        <VisuallyHidden id={hintId}>{hint}</VisuallyHidden>
      )}
    </div>
  );
}
