import { Button, Group, Table, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { CodeMapping } from '../../../common/api/config';
import { ERROR_PROPS, LabelInput } from './label-input';
import classes from './mapping-row.module.css';
import { formatMappingValue, type MappingDraft, type ShownErrors } from './rules';
import { useErrorFocus } from './use-error-focus';

interface ViewProps {
  mapping: CodeMapping;
  /** Null for a reader who may not change mappings: no Actions column. */
  actions: null | { onEdit: () => void; onDelete: () => void; disabled: boolean };
}

export function MappingRow({ mapping, actions }: ViewProps) {
  const code = mapping.proc_code;
  return (
    <Table.Tr>
      <Table.Td ff="monospace">{code}</Table.Td>
      <Table.Td>{mapping.label}</Table.Td>
      <Table.Td ta="right">{formatMappingValue(mapping.value)}</Table.Td>
      {actions && (
        <Table.Td>
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`Edit ${code}`}
              disabled={actions.disabled}
              onClick={actions.onEdit}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Delete ${code}`}
              disabled={actions.disabled}
              onClick={actions.onDelete}
            >
              Delete
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

interface EditProps {
  /** The code as saved, which names the row while it is edited. */
  code: string;
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  /** What is wrong, shown under the box it is about. */
  errors: ShownErrors;
  /** Counts refused attempts: each moves focus to the first box with a message. */
  attempt: number;
}

export function EditMappingRow({
  code,
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  errors,
  attempt,
}: EditProps) {
  const refs = useErrorFocus(attempt, errors);
  const set = (key: keyof MappingDraft) => (value: string) => onChange({ ...draft, [key]: value });
  // In the plain text boxes Enter saves and Escape cancels; the label box keeps those keys for its list.
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onSave();
    if (event.key === 'Escape') onCancel();
  };
  return (
    <Table.Tr className={classes.editing}>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Procedure code for ${code}`}
          value={draft.code}
          maxLength={50}
          disabled={saving}
          error={errors.code}
          ref={refs.code}
          errorProps={ERROR_PROPS}
          onKeyDown={keys}
          onChange={(event) => set('code')(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td>
        <LabelInput
          aria-label={`Label for ${code}`}
          value={draft.label}
          disabled={saving}
          error={errors.label}
          ref={refs.label}
          onChange={set('label')}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Value for ${code}`}
          inputMode="decimal"
          value={draft.value}
          disabled={saving}
          error={errors.value}
          ref={refs.value}
          errorProps={ERROR_PROPS}
          onKeyDown={keys}
          styles={{ input: { textAlign: 'right' } }}
          onChange={(event) => set('value')(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" aria-label={`Save ${code}`} loading={saving} onClick={onSave}>
            Save
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Cancel editing ${code}`}
            disabled={saving}
            onClick={onCancel}
          >
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
