import { Stack } from '@mantine/core';
import { useState } from 'react';
import { cameFromHere, goTo, hrefWith, useAddress } from '../../lib/address';
import { useArchCases, useConsultOverview, useFutureValue, usePipeline, useSummary, useTrends } from './api';
import { ArchCasesPanel } from './arch-cases';
import { ConsultOverviewPanel } from './consult-overview';
import { DetailModal } from './detail-modal';
import {
  DETAIL_PARAMS,
  type DetailRequest,
  detailFromParams,
  detailParams,
  detailScope,
} from './detail-request';
import { FiltersCard } from './filters-card';
import { FutureValuePanel } from './future-value';
import { HeadlineFigures } from './headline';
import { NoDataNote } from './no-data-note';
import { PipelinePanel } from './pipeline';
import { TrendsPanel } from './trends';
import { useDashboardFilters } from './use-filters';

/** The history entry a detail list was opened in, so closing it is a step Back. */
const DETAIL_STATE = 'detail-list';

/** The Dashboard tab (docs/screens.md section 2): filters, five panels and their detail modal. */
export default function DashboardTab() {
  const { filters, years, locations, onChange } = useDashboardFilters();

  const overview = useConsultOverview(filters);
  const archCases = useArchCases(filters);
  const future = useFutureValue(filters);
  const pipeline = usePipeline(filters);
  const trends = useTrends(filters);
  const summary = useSummary(filters);

  // The open detail list is in the address too: Back from a patient opened from it comes back to it.
  const address = useAddress();
  const asked = detailFromParams(address.params, detailScope(filters));
  // The last list shown stays rendered while the modal fades out.
  const [shown, setShown] = useState<DetailRequest | null>(null);
  if (asked && JSON.stringify(asked) !== JSON.stringify(shown)) setShown(asked);
  const open = (request: DetailRequest) =>
    goTo(hrefWith(address, detailParams(request)), { state: { [DETAIL_STATE]: true } });
  const close = () => {
    if (cameFromHere(DETAIL_STATE)) window.history.back();
    else
      goTo(hrefWith(address, Object.fromEntries(DETAIL_PARAMS.map((name) => [name, null]))), {
        replace: true,
      });
  };

  return (
    <Stack gap="lg">
      <NoDataNote />
      <FiltersCard filters={filters} years={years} locations={locations} onChange={onChange} />
      <HeadlineFigures filters={filters} data={summary.data} loading={summary.isPending} onOpen={open} />
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
      <DetailModal opened={asked !== null} request={asked ?? shown} onClose={close} />
    </Stack>
  );
}
