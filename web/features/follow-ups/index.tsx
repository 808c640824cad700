import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { canEditData } from '../../../common/roles';
import { useAuth } from '../../app/auth';
import { useOpenPatient } from '../../lib/navigation';
import { PAGE_SIZE, useWorklist } from './api';
import { toggleStage, worklistQueryOf } from './filters';
import { FiltersCard } from './filters-card';
import { StageCards } from './stage-cards';
import { ThresholdsCard } from './thresholds-card';
import { useFilters } from './use-filters';
import { Worklist } from './worklist';

/** The Follow-ups tab: the coordinator's list of stalled cases to call (docs/behaviour.md section 12). */
export default function FollowUpsTab() {
  const { state } = useAuth();
  // Providers may look but not change the thresholds: the server would answer 403.
  const canEdit = state.status === 'signed-in' && canEditData(state.user.role);
  const { filters, onChange, providers, locations } = useFilters();
  // Pages shown of this selection; another selection starts again at the first.
  const selection = JSON.stringify(worklistQueryOf(filters));
  const [paging, setPaging] = useState({ selection, pages: 1 });
  const pages = paging.selection === selection ? paging.pages : 1;
  const worklist = useWorklist(filters, pages * PAGE_SIZE);
  const openPatient = useOpenPatient();

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Follow-ups
        </Title>
        <Text size="sm" c="dimmed">
          Patients whose case has stalled in one stage for too long: whom to call today.
        </Text>
      </div>
      <FiltersCard filters={filters} providers={providers} locations={locations} onChange={onChange} />
      <div>
        <StageCards
          selected={filters.stage}
          counts={worklist.data?.counts}
          thresholds={worklist.data?.thresholds}
          failed={worklist.isError}
          onSelect={(stage) => onChange({ ...filters, stage: toggleStage(filters.stage, stage) })}
        />
        <Text size="xs" c="dimmed" mt={6}>
          Each count is the patients due in that stage. Select a stage to list only its patients; select it
          again to list every stage.
        </Text>
      </div>
      <Worklist
        worklist={worklist}
        onOpen={openPatient}
        onMore={() => setPaging({ selection, pages: pages + 1 })}
      />
      <ThresholdsCard canEdit={canEdit} />
    </Stack>
  );
}
