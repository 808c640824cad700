import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useArchCases, useConsultOverview, useFutureValue, usePipeline, useTrends } from './api';
import { ArchCasesPanel } from './arch-cases';
import { ConsultOverviewPanel } from './consult-overview';
import { DetailModal } from './detail-modal';
import type { DetailRequest } from './detail-request';
import { FiltersCard } from './filters-card';
import { FutureValuePanel } from './future-value';
import { PipelinePanel } from './pipeline';
import { TrendsPanel } from './trends';
import { useDashboardFilters } from './use-filters';

type Dialog = { request: DetailRequest | null; opened: boolean };

/** The Dashboard tab (docs/screens.md section 2): filters, five panels and their detail modal. */
export default function DashboardTab() {
  const { filters, years, locations, onChange } = useDashboardFilters();

  const overview = useConsultOverview(filters);
  const archCases = useArchCases(filters);
  const future = useFutureValue(filters);
  const pipeline = usePipeline(filters);
  const trends = useTrends(filters);

  // The request stays set while the modal fades out; only `opened` flips on close.
  const [dialog, setDialog] = useState<Dialog>({ request: null, opened: false });
  const open = (request: DetailRequest) => setDialog({ request, opened: true });
  const close = () => setDialog((current) => ({ ...current, opened: false }));

  return (
    <Stack gap="lg">
      <FiltersCard filters={filters} years={years} locations={locations} onChange={onChange} />
      <ConsultOverviewPanel
        filters={filters}
        data={overview.data}
        loading={overview.isPending}
        onOpen={open}
      />
      <PipelinePanel filters={filters} data={pipeline.data} loading={pipeline.isPending} />
      <TrendsPanel filters={filters} data={trends.data} loading={trends.isPending} />
      <ArchCasesPanel filters={filters} data={archCases.data} loading={archCases.isPending} onOpen={open} />
      <FutureValuePanel filters={filters} data={future.data} loading={future.isPending} onOpen={open} />
      <DetailModal opened={dialog.opened} request={dialog.request} onClose={close} />
    </Stack>
  );
}
