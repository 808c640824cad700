import { ActionIcon, Button, Card, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useCase } from '../../components/case/api';
import { CaseWork, PhoneLink } from '../../components/case/case-work';
import { LeadList } from '../../components/case/lead-list';

interface Props {
  /** The patient's id (common/patient-id.ts), as the address names them. */
  id: string;
  /**
   * The name and phone from the patient's row, shown until the case answers with them; undefined
   * when not in the list.
   */
  listedName: string | undefined;
  phone: string | null | undefined;
  /** Beside the list on a wide screen; a drawer on a narrow one. */
  beside: boolean;
  onClose: () => void;
  onOpenLookup: (name: string) => void;
  /** The patient's name in the list, if listed: where the focus goes back to on closing. */
  nameButton: () => HTMLElement | null;
}

/** One patient's case, opened from the list (docs/screens.md, Follow-ups). */
export function CasePanel({
  id,
  listedName,
  phone: rowPhone,
  beside,
  onClose,
  onOpenLookup,
  nameButton,
}: Props) {
  // The case gives the name and phone too, so a case opened from a link shows them as one opened
  // from a row.
  const kase = useCase(id);
  const phone = kase.data ? kase.data.phone : rowPhone;
  const name = kase.data?.patient_name ?? listedName ?? '…';
  // What opened it (the row's name), read while rendering: before the drawer's focus trap moves in.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  // Closing gives the focus back to the patient's name in the list (else to what opened it), unless
  // the focus has gone elsewhere (another name) rather than out with the panel. The name is found
  // on closing: a case opened again on coming back to the tab was opened by no element.
  const returnTo = useRef(nameButton);
  returnTo.current = nameButton;
  useEffect(
    () => () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      const target = returnTo.current() ?? (opener?.isConnected ? opener : null);
      if (lost) target?.focus();
    },
    [opener],
  );
  const head = (
    <Stack gap={4}>
      {phone !== undefined && (
        <Text size="sm">
          Phone: <PhoneLink phone={phone} />
        </Text>
      )}
      {kase.data && <LeadList source={kase.data.source} leads={kase.data.leads} />}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconExternalLink size={14} aria-hidden />}
          onClick={() => onOpenLookup(name)}
        >
          Open in Patient Lookup
        </Button>
      </Group>
    </Stack>
  );
  if (!beside)
    return (
      <Drawer
        opened
        onClose={onClose}
        position="bottom"
        size="92%"
        title={`Case: ${name}`}
        closeButtonProps={{ 'aria-label': 'Close the case' }}
        returnFocus={false}
      >
        <Stack gap="md">
          {head}
          <CaseWork patientId={id} headingOrder={3} />
        </Stack>
      </Drawer>
    );
  return <BesidePanel id={id} name={name} head={head} onClose={onClose} />;
}

interface BesideProps {
  id: string;
  name: string;
  head: ReactNode;
  onClose: () => void;
}

function BesidePanel({ id, name, head, onClose }: BesideProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Opening a case, by click or Enter, takes the focus there, so Tab goes on through its actions.
  useEffect(() => {
    if (id) titleRef.current?.focus();
  }, [id]);
  return (
    <Card
      component="section"
      aria-labelledby="follow-ups-case-title"
      // Stays in view beside a long list, scrolling within itself when taller than the window.
      style={{ position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title
          order={2}
          size="h4"
          id="follow-ups-case-title"
          ref={titleRef}
          tabIndex={-1}
          // A heading takes the focus only to start the keyboard there; it is not a control to ring.
          style={{ outline: 'none' }}
        >
          Case: {name}
        </Title>
        <ActionIcon variant="subtle" color="gray" aria-label="Close the case" onClick={onClose}>
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap="md">
        {head}
        <CaseWork patientId={id} headingOrder={3} />
      </Stack>
    </Card>
  );
}
