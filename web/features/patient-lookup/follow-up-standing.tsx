import { Anchor, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useCase } from '../../components/case/api';
import { goTo } from '../../lib/address';
import { useCaseHref } from '../../lib/navigation';
import { listShowing, standingDetail, standingHeadline } from './standing';

/**
 * Beside the outcome: whether the patient is on the follow-up list, as which stage and for how
 * long, with a link to their case on Follow-ups. Read from the case (the card below shares the
 * answer), so a call that snoozes the case says so here at once. Nothing while it loads, or for a
 * patient in no stage.
 */
export function FollowUpStanding({ patientId }: { patientId: string }) {
  const standing = useCase(patientId).data?.worklist;
  const caseHref = useCaseHref();
  if (!standing) return null;
  const view = listShowing(standing);
  const href = view && caseHref(patientId, view);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the app; a modified one (new tab, window) is the browser's.
    if (!href || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    goTo(href);
  };
  return (
    <Stack gap={2} mt={6} component="span">
      <Text span size="sm" fw={600}>
        {standingHeadline(standing)}
      </Text>
      <Text span size="sm" fw={400}>
        {standingDetail(standing)}
      </Text>
      {href && (
        <Anchor href={href} onClick={follow} size="sm" fw={500}>
          Open on Follow-ups
        </Anchor>
      )}
    </Stack>
  );
}
