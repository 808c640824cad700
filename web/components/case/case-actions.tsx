import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
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
import { saved, saveFailed } from './feedback';

const UNASSIGNED = '';

interface Props {
  patientName: string;
  state: CaseState;
  /** Managers and admins may assign. */
  canAssign: boolean;
}

/** Who owns the case, its financing, and closing or reopening it. */
export function CaseActions({ patientName, state, canAssign }: Props) {
  const record = useRecordActivity();
  const [dialog, setDialog] = useState<'financing' | 'close' | null>(null);
  const closeDialog = () => setDialog(null);
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
        <FinancingForm patientName={patientName} onDone={closeDialog} />
      </Modal>
      <Modal opened={dialog === 'close'} onClose={closeDialog} title="Close the case">
        <CloseForm patientName={patientName} onDone={closeDialog} />
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

function FinancingForm({ patientName, onDone }: { patientName: string; onDone: () => void }) {
  const [lender, setLender] = useState('');
  const [status, setStatus] = useState<FinancingStatus | null>(null);
  const [amount, setAmount] = useState<number | string>('');
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
          onChange={(event) => setLender(event.currentTarget.value)}
        />
        <Select
          label="Status"
          required
          data={FINANCING_STATUSES.map((value) => ({ value, label: FINANCING_STATUS_NAMES[value] }))}
          value={status}
          onChange={(next) => setStatus(next as FinancingStatus | null)}
        />
        <NumberInput
          label="Amount"
          prefix="$"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={setAmount}
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

function CloseForm({ patientName, onDone }: { patientName: string; onDone: () => void }) {
  const [reason, setReason] = useState<CloseReason | null>(null);
  const [note, setNote] = useState('');
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
          onChange={(next) => setReason(next as CloseReason | null)}
        />
        <TextInput label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
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
