import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import {
  type CaseState,
  CLOSE_REASON_NAMES,
  CLOSE_REASONS,
  type CloseReason,
  FINANCING_STATUS_NAMES,
  FINANCING_STATUSES,
  type FinancingStatus,
  MAX_LENDER_LENGTH,
} from '../../../common/api/activities';
import { useAssignees, useRecordActivity } from './api';
import { isOneOf, isText, readFields, useCaseDraft } from './drafts';
import { saved, saveFailed } from './feedback';

const UNASSIGNED = '';

// The open dialog and its fields are drafts (./drafts.ts): after the automatic logoff the dialog
// opens again as it was left. Closing it (Cancel, Escape) or saving forgets them.
type Dialog = 'financing' | 'close';
const readDialog = (stored: unknown) => (isOneOf(['financing', 'close'])(stored) ? (stored as Dialog) : null);

interface FinancingFields {
  lender: string;
  status: FinancingStatus | null;
  /** As the amount field gives it: a number, or the text being typed ('' for none). */
  amount: number | string;
}
const NO_FINANCING: FinancingFields = { lender: '', status: null, amount: '' };
const readFinancing = (stored: unknown) =>
  readFields<FinancingFields>(stored, {
    lender: isText,
    status: isOneOf(FINANCING_STATUSES),
    amount: (a) => typeof a === 'string' || typeof a === 'number',
  });

interface CloseFields {
  reason: CloseReason | null;
  note: string;
}
const NO_CLOSE: CloseFields = { reason: null, note: '' };
const readClose = (stored: unknown) =>
  readFields<CloseFields>(stored, { reason: isOneOf(CLOSE_REASONS), note: isText });

interface Props {
  patientName: string;
  state: CaseState;
  /** Coordinators, managers and admins may assign. */
  canAssign: boolean;
}

/** Who owns the case, its financing, and closing or reopening it. */
export function CaseActions({ patientName, state, canAssign }: Props) {
  const record = useRecordActivity();
  const [dialog, setDialog] = useCaseDraft<Dialog | null>(patientName, 'dialog', null, readDialog);
  const [financing, setFinancing] = useCaseDraft(patientName, 'financing', NO_FINANCING, readFinancing);
  const [closing, setClosing] = useCaseDraft(patientName, 'close', NO_CLOSE, readClose);
  const closeDialog = () => {
    setDialog(null);
    setFinancing(NO_FINANCING);
    setClosing(NO_CLOSE);
  };
  return (
    <Stack gap="sm">
      {canAssign && <AssignSelect patientName={patientName} assignedTo={state.assigned_to} />}
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setDialog('financing')}>
          Record financing
        </Button>
        {state.closed ? (
          <Button
            size="xs"
            variant="default"
            loading={record.isPending}
            onClick={() =>
              record.mutate(
                { patient_name: patientName, kind: 'reopen' },
                { onSuccess: () => saved('Case reopened.'), onError: saveFailed },
              )
            }
          >
            Reopen case
          </Button>
        ) : (
          <Button size="xs" variant="default" color="red" onClick={() => setDialog('close')}>
            Close case
          </Button>
        )}
      </Group>
      <Modal opened={dialog === 'financing'} onClose={closeDialog} title="Record financing">
        <FinancingForm
          patientName={patientName}
          fields={financing}
          onFields={setFinancing}
          onDone={closeDialog}
        />
      </Modal>
      <Modal opened={dialog === 'close'} onClose={closeDialog} title="Close the case">
        <CloseForm patientName={patientName} fields={closing} onFields={setClosing} onDone={closeDialog} />
      </Modal>
    </Stack>
  );
}

function AssignSelect({ patientName, assignedTo }: { patientName: string; assignedTo: string | null }) {
  const assignees = useAssignees();
  const record = useRecordActivity();
  const users = assignees.data ?? [];
  // An owner since made inactive stays shown: the select never blanks a real assignment.
  const options = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(assignedTo && !users.includes(assignedTo) ? [assignedTo] : []).map((u) => ({ value: u, label: u })),
    ...users.map((u) => ({ value: u, label: u })),
  ];
  return (
    <Select
      label="Assigned to"
      size="xs"
      maw={260}
      data={options}
      value={assignedTo ?? UNASSIGNED}
      allowDeselect={false}
      searchable={options.length > 8}
      disabled={record.isPending}
      onChange={(next) => {
        if (next === null || next === (assignedTo ?? UNASSIGNED)) return;
        const to = next === UNASSIGNED ? null : next;
        record.mutate(
          { patient_name: patientName, kind: 'assign', assigned_to: to },
          { onSuccess: () => saved(to ? `Assigned to ${to}.` : 'Unassigned.'), onError: saveFailed },
        );
      }}
    />
  );
}

interface FormProps<T> {
  patientName: string;
  fields: T;
  onFields: (fields: T) => void;
  onDone: () => void;
}

function FinancingForm({ patientName, fields, onFields, onDone }: FormProps<FinancingFields>) {
  const { lender, status, amount } = fields;
  const record = useRecordActivity();
  const ready = lender.trim() !== '' && status !== null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        record.mutate(
          {
            patient_name: patientName,
            kind: 'financing',
            lender,
            financing_status: status,
            ...(typeof amount === 'number' ? { amount } : {}),
          },
          {
            onSuccess: () => {
              saved('Financing recorded.');
              onDone();
            },
            onError: saveFailed,
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Lender"
          required
          data-autofocus
          maxLength={MAX_LENDER_LENGTH}
          value={lender}
          onChange={(event) => onFields({ ...fields, lender: event.currentTarget.value })}
        />
        <Select
          label="Status"
          required
          data={FINANCING_STATUSES.map((value) => ({ value, label: FINANCING_STATUS_NAMES[value] }))}
          value={status}
          onChange={(next) => onFields({ ...fields, status: next as FinancingStatus | null })}
        />
        <NumberInput
          label="Amount"
          prefix="$"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={(next) => onFields({ ...fields, amount: next })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready} loading={record.isPending}>
            Save financing
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CloseForm({ patientName, fields, onFields, onDone }: FormProps<CloseFields>) {
  const { reason, note } = fields;
  const record = useRecordActivity();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) return;
        record.mutate(
          { patient_name: patientName, kind: 'close', reason, ...(note.trim() ? { note } : {}) },
          {
            onSuccess: () => {
              saved('Case closed.');
              onDone();
            },
            onError: saveFailed,
          },
        );
      }}
    >
      <Stack gap="sm">
        <Select
          label="Reason"
          required
          data-autofocus
          data={CLOSE_REASONS.map((value) => ({ value, label: CLOSE_REASON_NAMES[value] }))}
          value={reason}
          onChange={(next) => onFields({ ...fields, reason: next as CloseReason | null })}
        />
        <TextInput
          label="Note"
          value={note}
          onChange={(event) => onFields({ ...fields, note: event.currentTarget.value })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={!reason} loading={record.isPending}>
            Close case
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
