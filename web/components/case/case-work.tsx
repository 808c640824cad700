import { Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useContext, useId } from 'react';
import { isCaseTeam } from '../../../common/roles';
import { AuthContext } from '../../session/auth';
import { QueryStatus } from '../query-status';
import { useCase } from './api';
import { CaseActions } from './case-actions';
import { CaseStateFields } from './case-state';
import { ContactForm } from './contact-form';
import { NoteForm } from './note-form';
import { Timeline } from './timeline';

/** The patient's phone as a link that dials it, or a dash (docs/behaviour.md section 2). */
export function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone)
    return (
      <Text span c="dimmed">
        No phone on file
      </Text>
    );
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} fz="inherit" style={{ whiteSpace: 'nowrap' }}>
      <IconPhone size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
      {phone}
    </Anchor>
  );
}

/**
 * A patient's case (docs/screens.md, Case follow-up): where it stands, the one-click contacts,
 * assigning, financing, closing, a note, and the timeline. The same on Follow-ups and Patient
 * Lookup. `headingOrder`: the level of its Timeline heading, one below the card's title.
 */
export function CaseWork({ patientId, headingOrder }: { patientId: string; headingOrder: 3 | 4 }) {
  const kase = useCase(patientId);
  const auth = useContext(AuthContext)?.state;
  const timelineId = useId();
  // Who may assign and delete depends on the user: without one there is no case to show.
  if (auth?.status !== 'signed-in') return null;
  const user = auth.user;
  // Writes name the patient as the case answered: the body of a call, never its address.
  const patientName = kase.data?.patient_name ?? '';
  return (
    <Stack gap="md">
      <QueryStatus query={kase} loading="Loading the case" failed="Failed to load the case" rows={5} />
      {kase.data && (
        <>
          <CaseStateFields state={kase.data.case} />
          <Divider />
          {!kase.data.case.closed && <ContactForm patientName={patientName} />}
          <CaseActions patientName={patientName} state={kase.data.case} canAssign={isCaseTeam(user.role)} />
          <NoteForm patientName={patientName} />
          <div>
            <Title order={headingOrder} size="h5" id={timelineId} mb={4}>
              Timeline
            </Title>
            <Timeline activities={kase.data.activities} user={user} labelledBy={timelineId} />
          </div>
        </>
      )}
    </Stack>
  );
}
