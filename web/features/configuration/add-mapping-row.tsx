import { Button, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { ERROR_PROPS, LabelInput } from './label-input';
import classes from './mapping-row.module.css';
import type { MappingDraft, ShownErrors } from './rules';
import { useErrorFocus } from './use-error-focus';

interface Props {
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  onAdd: () => void;
  adding: boolean;
  /** Another change is being saved. */
  disabled: boolean;
  /** What is wrong, shown under the box it is about. */
  errors: ShownErrors;
  /** Counts refused attempts: each moves focus to the first box with a message. */
  attempt: number;
}

/** The last row of the Code Mappings table: a new mapping (docs/screens.md, Configuration tab). */
export function AddMappingRow({ draft, onChange, onAdd, adding, disabled, errors, attempt }: Props) {
  const refs = useErrorFocus(attempt, errors);
  const set = (key: keyof MappingDraft) => (value: string) => onChange({ ...draft, [key]: value });
  const enter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onAdd();
  };
  const off = disabled || adding;
  return (
    <Table.Tr bg="var(--mantine-color-gray-0)" className={classes.editing}>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label="New procedure code"
          placeholder="New code..."
          value={draft.code}
          maxLength={50}
          disabled={off}
          error={errors.code}
          ref={refs.code}
          errorProps={ERROR_PROPS}
          onKeyDown={enter}
          onChange={(event) => set('code')(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td>
        <LabelInput
          aria-label="New label"
          placeholder="Label..."
          value={draft.label}
          disabled={off}
          error={errors.label}
          ref={refs.label}
          onChange={set('label')}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label="New value"
          placeholder="Value..."
          inputMode="decimal"
          value={draft.value}
          disabled={off}
          error={errors.value}
          ref={refs.value}
          errorProps={ERROR_PROPS}
          onKeyDown={enter}
          styles={{ input: { textAlign: 'right' } }}
          onChange={(event) => set('value')(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td ta="right">
        <Button
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          aria-label="Add code mapping"
          loading={adding}
          disabled={disabled}
          onClick={onAdd}
        >
          Add
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
