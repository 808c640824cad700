import { Card, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { CodeMapping } from '../../../common/api/config';
import { KNOWN_LABELS } from '../../../common/code-labels';
import { QueryStatus } from '../../components/query-status';
import { ScrollTable } from '../../components/scroll-table';
import { errorMessage, hasCode } from '../../lib/api';
import { AddMappingRow } from './add-mapping-row';
import { useAddMapping, useCodeMappings, useUpdateMapping } from './api';
import { DeleteMappingModal } from './delete-mapping-modal';
import { EditMappingRow, MappingRow } from './mapping-row';
import { NoticeRow } from './row-notice';
import {
  type DraftErrors,
  draftOf,
  EMPTY_DRAFT,
  type MappingDraft,
  shownErrors,
  toMappingBody,
} from './rules';
import { isAt, type NoticePlace, useRowNotice } from './use-row-notice';

/** The server's refusal under the code box when it is about the code (another mapping has it), else null. */
function codeRefusal(err: unknown): DraftErrors | null {
  return hasCode(err, 'mapping_exists') ? { code: errorMessage(err, '') } : null;
}

export function CodeMappingsCard({ canEdit }: { canEdit: boolean }) {
  const mappings = useCodeMappings();
  const add = useAddMapping();
  const update = useUpdateMapping();
  const { notice, announcement, clear, confirm, fail } = useRowNotice();
  const [editing, setEditing] = useState<{ code: string; draft: MappingDraft; errors: DraftErrors } | null>(
    null,
  );
  const [newDraft, setNewDraft] = useState<MappingDraft>(EMPTY_DRAFT);
  const [addErrors, setAddErrors] = useState<DraftErrors>({});
  // Refused attempts, counted so each one moves focus to the box it is about (useErrorFocus).
  const [attempts, setAttempts] = useState({ edit: 0, add: 0 });
  const refused = (row: 'edit' | 'add') => setAttempts((n) => ({ ...n, [row]: n[row] + 1 }));
  const [deleting, setDeleting] = useState<{ code: string | null; opened: boolean }>({
    code: null,
    opened: false,
  });
  const saving = add.isPending || update.isPending;
  const list = mappings.data ?? [];
  const columns = canEdit ? 4 : 3;

  function startEdit(mapping: CodeMapping) {
    clear();
    setEditing({ code: mapping.proc_code, draft: draftOf(mapping), errors: {} });
  }

  function save() {
    if (!editing || update.isPending) return;
    clear();
    const checked = toMappingBody(editing.draft);
    if ('errors' in checked) {
      setEditing({ ...editing, errors: checked.errors });
      refused('edit');
      return;
    }
    const { code } = editing;
    update.mutate(
      { code, body: checked.body },
      {
        onSuccess: (result) => {
          setEditing(null);
          confirm({ row: result.code_mapping.proc_code }, 'Code mapping updated successfully');
        },
        onError: (err) => {
          const errors = codeRefusal(err);
          if (errors) {
            setEditing((current) => current && { ...current, errors });
            refused('edit');
          } else fail({ row: code }, 'Failed to update code mapping', err);
        },
      },
    );
  }

  function addMapping() {
    if (add.isPending) return;
    clear();
    const checked = toMappingBody(newDraft);
    if ('errors' in checked) {
      setAddErrors(checked.errors);
      refused('add');
      return;
    }
    setAddErrors({});
    add.mutate(checked.body, {
      onSuccess: () => {
        setNewDraft(EMPTY_DRAFT);
        confirm({ add: true }, 'Code mapping added successfully');
      },
      onError: (err) => {
        const errors = codeRefusal(err);
        if (errors) {
          setAddErrors(errors);
          refused('add');
        } else fail({ add: true }, 'Failed to add code mapping', err);
      },
    });
  }

  /** Typing in a box takes its message away; the others stay until the next attempt. */
  const edited = (draft: MappingDraft, before: MappingDraft, errors: DraftErrors): DraftErrors => {
    const left = { ...errors };
    for (const box of ['code', 'label', 'value'] as const) if (draft[box] !== before[box]) delete left[box];
    return left;
  };

  const noticeAt = (place: NoticePlace) =>
    isAt(notice, place) ? <NoticeRow notice={notice} colSpan={columns} /> : null;

  return (
    <Card>
      <Title order={3} size="h4">
        Code Mappings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The label gives a procedure code its meaning: {KNOWN_LABELS.join(', ')}. Any other label is only a
        name shown in patient history. The value is the case value credited when the code is scheduled.
      </Text>
      {/* Always present, so screen readers announce each confirmation as it is written here. */}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

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
              {list.map((mapping, index) => (
                <Fragment key={mapping.proc_code}>
                  {noticeAt({ at: index })}
                  {editing?.code === mapping.proc_code ? (
                    <EditMappingRow
                      code={mapping.proc_code}
                      draft={editing.draft}
                      errors={shownErrors(editing.errors)}
                      attempt={attempts.edit}
                      onChange={(draft) =>
                        setEditing({
                          code: mapping.proc_code,
                          draft,
                          errors: edited(draft, editing.draft, editing.errors),
                        })
                      }
                      onSave={save}
                      onCancel={() => {
                        clear();
                        setEditing(null);
                      }}
                      saving={update.isPending}
                    />
                  ) : (
                    <MappingRow
                      mapping={mapping}
                      actions={
                        canEdit
                          ? {
                              disabled: saving,
                              onEdit: () => startEdit(mapping),
                              onDelete: () => {
                                clear();
                                setDeleting({ code: mapping.proc_code, opened: true });
                              },
                            }
                          : null
                      }
                    />
                  )}
                  {noticeAt({ row: mapping.proc_code })}
                </Fragment>
              ))}
              {noticeAt({ at: list.length })}
              {list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
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
                  errors={shownErrors(addErrors)}
                  attempt={attempts.add}
                  onChange={(draft) => {
                    setAddErrors((errors) => edited(draft, newDraft, errors));
                    setNewDraft(draft);
                  }}
                  onAdd={addMapping}
                  adding={add.isPending}
                  disabled={update.isPending}
                />
              )}
              {noticeAt({ add: true })}
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
          // Where the row was: the rows after it move up, so the message sits above the next one.
          const at = list.findIndex((m) => m.proc_code === deleting.code);
          confirm({ at: at < 0 ? list.length : at }, text);
        }}
      />
    </Card>
  );
}
