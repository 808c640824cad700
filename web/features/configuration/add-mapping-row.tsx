import { Button, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { LabelInput } from './label-input';
import type { MappingDraft } from './rules';

interface Props {
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  onAdd: () => void;
  adding: boolean;
  /** Another change is being saved. */
  disabled: boolean;
}

/** The last row of the Code Mappings table: a new mapping (docs/screens.md, Configuration tab). */
export function AddMappingRow({ draft, onChange, onAdd, adding, disabled }: Props) {
  const set = (key: keyof MappingDraft) => (value: string) => onChange({ ...draft, [key]: value });
  const enter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onAdd();
  };
  const off = disabled || adding;
  return (
    <Table.Tr bg="var(--mantine-color-gray-0)">
      <Table.Td>
        <TextInput
          size="xs"
          aria-label="New procedure code"
          placeholder="New code..."
          value={draft.code}
          maxLength={50}
          disabled={off}
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
