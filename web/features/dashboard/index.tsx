import { Stack } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { FiltersCard } from '../../components/filters/filters-card';
import { useFilters } from '../../components/filters/use-filters';
import { cameFromHere, goTo, hrefWith, useAddress } from '../../lib/address';
import {
  useArchCases,
  useConsultOverview,
  useFutureValue,
  useGoals,
  useMarketing,
  usePipeline,
  useSummary,
  useTrends,
} from './api';
import { ArchCasesPanel } from './arch-cases';
import { ConsultOverviewPanel } from './consult-overview';
import { DetailModal } from './detail-modal';
import {
  DETAIL_PARAMS,
  type DetailRequest,
  detailFromParams,
  detailPageFromParams,
  detailPageParam,
  detailParams,
  detailScope,
} from './detail-request';
import { ExportButtons } from './export-buttons';
import { DASHBOARD_ADDRESS, type Filters, SHOWN } from './filters';
import { FutureValuePanel } from './future-value';
import { GoalsPanel } from './goals';
import { HeadlineFigures } from './headline';
import { LastImport } from './last-import';
import { MarketingPanel, useSeesMarketing } from './marketing';
import { NoDataNote } from './no-data-note';
import { PipelinePanel } from './pipeline';
import { TrendsPanel } from './trends';
import { useLatest } from './use-latest';

/** The history entry a detail list was opened in, so closing it is a step Back. */
const DETAIL_STATE = 'detail-list';

/** The Dashboard tab (docs/screens.md section 2): filters, the headline figures, the panels and their detail modal. */
export default function DashboardTab() {
  const { filters, lists, note, onChange } = useFilters(DASHBOARD_ADDRESS);
  const changeFilters = useLatest(onChange);

  // The open detail list is in the address too: Back from a patient opened from it comes back to it.
  const address = useAddress();
  const asked = detailFromParams(address.params, detailScope(filters));
  const page = detailPageFromParams(address.params);
  // The last list and page shown stay rendered while the modal fades out.
  const [shown, setShown] = useState<{ request: DetailRequest; page: number } | null>(null);
  if (asked && (JSON.stringify(asked) !== JSON.stringify(shown?.request) || page !== shown?.page))
    setShown({ request: asked, page });
  const open = useLatest((request: DetailRequest) =>
    goTo(hrefWith(address, detailParams(request)), { state: { [DETAIL_STATE]: true } }),
  );
  // A page turn replaces the entry (keeping its state): Back and Close still leave the list at once.
  const turnPage = (next: number) => goTo(hrefWith(address, detailPageParam(next)), { replace: true });
  const close = () => {
    if (cameFromHere(DETAIL_STATE)) window.history.back();
    else
      goTo(hrefWith(address, Object.fromEntries(DETAIL_PARAMS.map((name) => [name, null]))), {
        replace: true,
      });
  };

  return (
    <Stack gap="lg">
      <Panels
        provider={filters.provider}
        location={filters.location}
        year={filters.year}
        years={lists.years}
        locations={lists.locations}
        providers={lists.providers}
        note={note}
        onChange={changeFilters}
        onOpen={open}
      />
      <DetailModal
        opened={asked !== null}
        request={asked ?? shown?.request ?? null}
        page={asked ? page : (shown?.page ?? 1)}
        onPage={turnPage}
        onClose={close}
      />
    </Stack>
  );
}

interface PanelsProps extends Filters {
  years: readonly number[];
  locations: readonly string[];
  providers: readonly string[];
  /** Why a filter changed on its own, or null. */
  note: string | null;
  onChange: (filters: Filters) => void;
  onOpen: (request: DetailRequest) => void;
}

/**
 * Everything but the detail modal. Its props change only with the filters and what they offer,
 * so opening a list, turning its pages and closing it (address changes too) do not render every
 * panel and chart again: that took some 110 ms on the machine of docs/performance.md.
 */
const Panels = memo(function Panels({
  provider,
  location,
  year,
  years,
  locations,
  providers,
  note,
  onChange,
  onOpen,
}: PanelsProps) {
  const filters = useMemo(() => ({ provider, location, year }), [provider, location, year]);
  const overview = useConsultOverview(filters);
  const archCases = useArchCases(filters);
  const future = useFutureValue(filters);
  const pipeline = usePipeline(filters);
  const trends = useTrends(filters);
  const summary = useSummary(filters);
  const goals = useGoals(filters);
  const seesMarketing = useSeesMarketing();
  const marketing = useMarketing(filters, seesMarketing);
  return (
    <>
      <NoDataNote />
      <FiltersCard
        id="dashboard-filters"
        title="Dashboard Filters"
        shows={SHOWN}
        filters={filters}
        onChange={onChange}
        lists={{ providers, locations, years }}
        note={note}
        aside={<LastImport />}
        actions={<ExportButtons filters={filters} />}
      />
      <HeadlineFigures filters={filters} data={summary.data} loading={summary.isPending} onOpen={onOpen} />
      <GoalsPanel filters={filters} data={goals.data} loading={goals.isPending} />
      <ConsultOverviewPanel
        filters={filters}
        data={overview.data}
        loading={overview.isPending}
        onOpen={onOpen}
      />
      <PipelinePanel filters={filters} data={pipeline.data} loading={pipeline.isPending} />
      <TrendsPanel filters={filters} data={trends.data} loading={trends.isPending} />
      <ArchCasesPanel filters={filters} data={archCases.data} loading={archCases.isPending} onOpen={onOpen} />
      <FutureValuePanel filters={filters} data={future.data} loading={future.isPending} onOpen={onOpen} />
      {seesMarketing && (
        <MarketingPanel filters={filters} data={marketing.data} loading={marketing.isPending} />
      )}
    </>
  );
});
