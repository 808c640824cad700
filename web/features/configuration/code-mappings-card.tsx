import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CodeMapping } from '../../../common/api/config';
import { KNOWN_LABELS } from '../../../common/code-labels';
import { QueryStatus } from '../../components/query-status';
import { ScrollTable } from '../../components/scroll-table';
import { errorMessage } from '../../lib/api';
import { AddMappingRow } from './add-mapping-row';
import { useAddMapping, useCodeMappings, useUpdateMapping } from './api';
import { DeleteMappingModal } from './delete-mapping-modal';
import { EditMappingRow, MappingRow } from './mapping-row';
import { draftOf, EMPTY_DRAFT, type MappingDraft, toMappingBody } from './rules';

type Message = { kind: 'success' | 'error'; title?: string; text: string };

function MessageAlert({ message }: { message: Message | null }) {
  if (!message) return null;
  const success = message.kind === 'success';
  return (
    <Alert
      color={success ? 'green' : 'red'}
      variant="light"
      role={success ? 'status' : 'alert'}
      title={message.title}
      styles={{ title: { color: success ? 'var(--mantine-color-text)' : 'var(--mantine-color-red-9)' } }}
      mb="sm"
    >
      {message.text}
    </Alert>
  );
}

/** The server's words under the screen's own heading; just the heading when it sent none. */
function failed(title: string, err: unknown): Message {
  const text = errorMessage(err, '');
  return text ? { kind: 'error', title, text } : { kind: 'error', text: title };
}

export function CodeMappingsCard({ canEdit }: { canEdit: boolean }) {
  const mappings = useCodeMappings();
  const add = useAddMapping();
  const update = useUpdateMapping();
  const [message, setMessage] = useState<Message | null>(null);
  const [editing, setEditing] = useState<{ code: string; draft: MappingDraft } | null>(null);
  const [newDraft, setNewDraft] = useState<MappingDraft>(EMPTY_DRAFT);
  const [deleting, setDeleting] = useState<{ code: string | null; opened: boolean }>({
    code: null,
    opened: false,
  });
  const saving = add.isPending || update.isPending;

  function startEdit(mapping: CodeMapping) {
    setMessage(null);
    setEditing({ code: mapping.proc_code, draft: draftOf(mapping) });
  }

  function save() {
    if (!editing || update.isPending) return;
    const checked = toMappingBody(editing.draft);
    if ('error' in checked) {
      setMessage({ kind: 'error', text: checked.error });
      return;
    }
    update.mutate(
      { code: editing.code, body: checked.body },
      {
        onSuccess: () => {
          setEditing(null);
          setMessage({ kind: 'success', text: 'Code mapping updated successfully' });
        },
        onError: (err) => setMessage(failed('Failed to update code mapping', err)),
      },
    );
  }

  function addMapping() {
    if (add.isPending) return;
    const checked = toMappingBody(newDraft);
    if ('error' in checked) {
      setMessage({ kind: 'error', text: checked.error });
      return;
    }
    add.mutate(checked.body, {
      onSuccess: () => {
        setNewDraft(EMPTY_DRAFT);
        setMessage({ kind: 'success', text: 'Code mapping added successfully' });
      },
      onError: (err) => setMessage(failed('Failed to add code mapping', err)),
    });
  }

  const list = mappings.data ?? [];
  return (
    <Card>
      <Title order={3} size="h4">
        Code Mappings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The label gives a procedure code its meaning: {KNOWN_LABELS.join(', ')}. Any other label is only a
        name shown in patient history. The value is the case value credited when the code is scheduled.
      </Text>
      <MessageAlert message={message} />

      <QueryStatus
        query={mappings}
        loading="Loading code mappings"
        failed="Failed to load the code mappings"
        rows={4}
        rowHeight={30}
      />
      {mappings.isSuccess && (
        <ScrollTable label="Code mappings" minWidth={canEdit ? 640 : 420}>
          <Table verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={canEdit ? '22%' : '30%'} style={{ whiteSpace: 'nowrap' }}>
                  Procedure Code
                </Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th w={canEdit ? '18%' : '25%'} ta="right">
                  Value
                </Table.Th>
                {canEdit && (
                  <Table.Th w={150} ta="right">
                    Actions
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((mapping) =>
                editing?.code === mapping.proc_code ? (
                  <EditMappingRow
                    key={mapping.proc_code}
                    code={mapping.proc_code}
                    draft={editing.draft}
                    onChange={(draft) => setEditing({ code: mapping.proc_code, draft })}
                    onSave={save}
                    onCancel={() => setEditing(null)}
                    saving={update.isPending}
                  />
                ) : (
                  <MappingRow
                    key={mapping.proc_code}
                    mapping={mapping}
                    actions={
                      canEdit
                        ? {
                            disabled: saving,
                            onEdit: () => startEdit(mapping),
                            onDelete: () => {
                              setMessage(null);
                              setDeleting({ code: mapping.proc_code, opened: true });
                            },
                          }
                        : null
                    }
                  />
                ),
              )}
              {list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={canEdit ? 4 : 3}>
                    <Text c="dimmed" size="sm">
                      No code mappings yet.{' '}
                      {canEdit
                        ? 'Add one below, or use Initialize System on the Data Import tab for the defaults.'
                        : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {canEdit && (
                <AddMappingRow
                  draft={newDraft}
                  onChange={setNewDraft}
                  onAdd={addMapping}
                  adding={add.isPending}
                  disabled={update.isPending}
                />
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}

      <DeleteMappingModal
        opened={deleting.opened}
        code={deleting.code}
        onClose={() => setDeleting((current) => ({ ...current, opened: false }))}
        onDeleted={(text) => {
          if (editing?.code === deleting.code) setEditing(null);
          setMessage({ kind: 'success', text });
        }}
      />
    </Card>
  );
}
