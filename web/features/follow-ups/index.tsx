import { Group, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { canEditData, isCaseTeam } from '../../../common/roles';
import { useAssignees } from '../../components/case/api';
import { FiltersCard } from '../../components/filters/filters-card';
import { useFilters } from '../../components/filters/use-filters';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { useOpenPatient } from '../../lib/navigation';
import { useAddressPatient } from '../../lib/patient-ref';
import { useAuth } from '../../session/auth';
import { PAGE_SIZE, useWorklist } from './api';
import { CasePanel } from './case-panel';
import { ExportButton } from './export-button';
import { SHOWN, toggleStage, WORKLIST_ADDRESS, worklistQueryOf } from './filters';
import classes from './follow-ups.module.css';
import { usePhone, useWideEnoughForCase } from './layout';
import { nameButtonOf, useKeptPlace } from './place';
import { StageCards } from './stage-cards';
import { TeamActivityCard } from './team-activity';
import { ThresholdsCard } from './thresholds-card';
import { Worklist } from './worklist';

/** The Follow-ups tab: the coordinator's list of stalled cases to call (docs/behaviour.md sections 12 and 15). */
export default function FollowUpsTab() {
  const { state } = useAuth();
  const role = state.status === 'signed-in' ? state.user.role : null;
  // Providers may look but not see the team; only managers and admins change the thresholds: the
  // server would answer 403.
  const canEdit = role !== null && canEditData(role);
  const seesTeam = role !== null && isCaseTeam(role);
  const { filters, onChange, note, lists } = useFilters(WORKLIST_ADDRESS);
  const assignees = useAssignees();
  // Pages shown of this selection; another selection starts again at the first.
  const selection = JSON.stringify(worklistQueryOf(filters));
  const [paging, setPaging] = useState({ selection, pages: 1 });
  const pages = paging.selection === selection ? paging.pages : 1;
  const worklist = useWorklist(filters, pages * PAGE_SIZE);
  const openPatient = useOpenPatient();

  // The open case is in the address (`case=`, the patient's id: no name in a URL), so Back closes
  // it and a link opens it.
  const address = useAddress();
  const openId = useAddressPatient('case').id;
  // The listed rows' ids and names: the list marks and keeps its place by name.
  const listed = useRef({ ids: new Map<string, string>(), names: new Map<string, string>() });
  for (const p of worklist.data?.patients ?? []) {
    listed.current.ids.set(p.patient_name, p.patient_id);
    listed.current.names.set(p.patient_id, p.patient_name);
  }
  const openName = openId === null ? null : (listed.current.names.get(openId) ?? null);
  const beside = useWideEnoughForCase();
  const phone = usePhone();
  // Opening or closing a case, or a trip to Patient Lookup and back, leaves the row where it was.
  const listRef = useRef<HTMLDivElement>(null);
  const { lastName, remember, leave } = useKeptPlace(listRef, openName, worklist.isSuccess);
  const openCase = (name: string | null) => {
    const row = name ?? openName;
    if (row !== null) remember(row);
    goTo(hrefWith(address, { case: name === null ? null : listed.current.ids.get(name) }));
  };

  // The open card shows the row's phone at once, until the case answers with it.
  const phones = useRef(new Map<string, string | null>());
  for (const p of worklist.data?.patients ?? []) phones.current.set(p.patient_id, p.phone);

  const list = (
    <Worklist
      worklist={worklist}
      onOpen={openCase}
      openName={openName}
      sort={filters.sort}
      onSort={(sort) => onChange({ ...filters, sort })}
      onMore={() => setPaging({ selection, pages: pages + 1 })}
      lastName={lastName}
      compact={Boolean(openId) && beside}
      phone={phone}
      showNextAppointment={filters.includeScheduled}
    />
  );
  const panel = openId && (
    <CasePanel
      key={openId}
      id={openId}
      listedName={openName ?? undefined}
      phone={phones.current.get(openId)}
      beside={beside}
      onClose={() => openCase(null)}
      nameButton={() => (openName === null ? null : nameButtonOf(listRef.current, openName))}
      onOpenLookup={(name) => {
        leave(name);
        openPatient(name, openId);
      }}
    />
  );

  // The first screen shows patients: a line of filters (a button on a phone), a row of small stage
  // cards, then the list; the team's figures and the thresholds come after it.
  return (
    <Stack gap="sm">
      <Group gap="xs" align="baseline" className={classes.pageHead}>
        <Title order={2} size="h3">
          Follow-ups
        </Title>
        <Text size="sm" c="dimmed">
          Patients whose case has stalled in one stage for too long: whom to call today.
        </Text>
      </Group>
      <FiltersCard
        id="follow-ups-filters"
        title="Worklist Filters"
        shows={SHOWN}
        filters={filters}
        onChange={onChange}
        lists={{ ...lists, assignees: assignees.data ?? [] }}
        note={note}
        actions={<ExportButton filters={filters} />}
        line
        phone={phone}
      />
      <StageCards
        selected={filters.stage}
        counts={worklist.data?.counts}
        thresholds={worklist.data?.thresholds}
        failed={worklist.isError}
        onSelect={(stage) => onChange({ ...filters, stage: toggleStage(filters.stage, stage) })}
      />
      {/* One element either way, so opening a case does not rebuild the list (and lose its focus). */}
      <div ref={listRef} className={openId && beside ? classes.besideCase : undefined}>
        {list}
        {panel}
      </div>
      {seesTeam && <TeamActivityCard />}
      <ThresholdsCard canEdit={canEdit} />
    </Stack>
  );
}
