import { Alert, Button, Divider, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { REPORT_KIND_NAMES, type ReportKind } from '../../../common/api/reports';
import { isCaseTeam, type Role } from '../../../common/roles';
import { errorMessage } from '../../lib/api';
import { reasonsNotOn, useSaveSubscription, useSendNow, useSubscription } from './email-reports';

/** What each switch sends, and when (docs/behaviour.md section 17). */
const SWITCHES: { kind: ReportKind; description: string }[] = [
  {
    kind: 'monthly_report',
    description: 'The PDF report of the month just ended, on the 1st of each month from 07:00',
  },
  {
    kind: 'daily_digest',
    description: 'The follow-ups due today, Monday to Friday from 07:00',
  },
];

/** Mantine's error red is under 4.5:1 on white; this one reads. */
const ERROR_RED = 'red.8';

export function EmailReportsModal({
  opened,
  onClose,
  role,
}: {
  opened: boolean;
  onClose: () => void;
  role: Role;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="E-mail reports" size="md">
      {/* The modal unmounts its content when closed, so each opening reads the server afresh. */}
      <EmailReports role={role} onClose={onClose} />
    </Modal>
  );
}

function EmailReports({ role, onClose }: { role: Role; onClose: () => void }) {
  const subscription = useSubscription();
  const save = useSaveSubscription();
  // While a change is saved its switch shows it at once; the server's answer (or, on a failure,
  // the value it still holds) then takes over.
  const [asked, setAsked] = useState<{ kind: ReportKind; on: boolean } | null>(null);
  const reasonId = useId();

  if (subscription.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (subscription.isError)
    return (
      <Text size="sm" c={ERROR_RED} role="alert">
        {errorMessage(subscription.error, 'Failed to read your e-mail reports')}
      </Text>
    );

  const sub = subscription.data;
  const reasons = reasonsNotOn(sub);
  const change = (kind: ReportKind, on: boolean) => {
    setAsked({ kind, on });
    save.mutate({ kind, on }, { onSettled: () => setAsked(null) });
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm">
          {role === 'provider'
            ? 'These e-mails carry your own figures only.'
            : 'These e-mails carry the figures of the whole group.'}
        </Text>
        {sub.email && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            E-mails go to <strong>{sub.email}</strong>
          </Text>
        )}
      </Stack>
      {reasons.length > 0 && (
        <Alert id={reasonId} color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} p="sm">
          <Stack gap={4}>
            {reasons.map((reason) => (
              <Text key={reason} size="sm">
                {reason}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {SWITCHES.map(({ kind, description }) => {
        const on = asked?.kind === kind ? asked.on : sub[kind];
        // One already on may always be turned off, whatever else has changed since.
        const blocked = !sub[kind] && reasons.length > 0;
        return (
          <Switch
            key={kind}
            label={REPORT_KIND_NAMES[kind]}
            description={description}
            // Mantine puts the description inside the label: without this the switch's name would
            // be both; the description stays its description.
            aria-label={REPORT_KIND_NAMES[kind]}
            checked={on}
            disabled={blocked || save.isPending}
            aria-describedby={blocked ? reasonId : undefined}
            onChange={(event) => change(kind, event.currentTarget.checked)}
          />
        );
      })}
      <SaveOutcome save={save} />
      {isCaseTeam(role) && <SendNow blocked={reasons.length > 0} />}
      <Group justify="flex-end">
        {/* Every switch is saved as it changes: nothing is left to save or to cancel. */}
        <Button variant="default" onClick={onClose}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

function SaveOutcome({ save }: { save: ReturnType<typeof useSaveSubscription> }) {
  if (save.isPending) return <Loader size="xs" aria-label="Saving" />;
  if (save.isError)
    return (
      <Text size="sm" c={ERROR_RED} role="alert">
        {errorMessage(save.error, 'Failed to save the setting')}
      </Text>
    );
  if (!save.isSuccess) return null;
  const { kind, on } = save.variables;
  return (
    // Green text on white is too faint to read: the icon carries the colour.
    <Group gap={4} wrap="nowrap">
      <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
      <Text size="sm" role="status">
        Saved: the {REPORT_KIND_NAMES[kind].toLowerCase()} is {on ? 'on' : 'off'}.
      </Text>
    </Group>
  );
}

/** Coordinators, managers and admins: the monthly report of the month just ended, to themselves, at once. */
function SendNow({ blocked }: { blocked: boolean }) {
  const send = useSendNow();
  return (
    <>
      <Divider />
      <Stack gap="xs" align="flex-start">
        <Button
          variant="light"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={send.isPending}
          disabled={blocked}
          onClick={() => send.mutate()}
        >
          Send last month's report now
        </Button>
        {send.isSuccess && (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
            <Text size="sm" role="status" style={{ overflowWrap: 'anywhere' }}>
              Sent to {send.data}
            </Text>
          </Group>
        )}
        {send.isError && (
          <Text size="sm" c={ERROR_RED} role="alert">
            {errorMessage(send.error, 'Failed to send the report')}
          </Text>
        )}
      </Stack>
    </>
  );
}
