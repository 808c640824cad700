import { Anchor, SimpleGrid, Text, Title } from '@mantine/core';
import { type MouseEvent, type ReactNode, useContext, useId } from 'react';
import type { GoalFigure, GoalProgressResponse } from '../../../common/api/goals';
import {
  GOAL_ROWS,
  GOAL_STATUS_KEY,
  GOAL_STATUS_WORDS,
  GOALS_EVERY_LOCATION,
  goalFigureText,
  goalGroups,
  goalStatus,
  noGoalsText,
  nothingCountedText,
  TOTALS_NOTE,
  throughText,
} from '../../../common/goal-words';
import { canEditData } from '../../../common/roles';
import { goTo } from '../../lib/address';
import { useTabHref } from '../../lib/navigation';
import { AuthContext } from '../../session/auth';
import { type Filters, locationParam, providerParam } from './filters';
import classes from './goals.module.css';
import { EmptyState, Panel, TableSkeleton } from './parts';

/** The panel's element id: the place the tab may move the reader to. */
export const GOALS_ID = 'goals';

interface Props {
  filters: Filters;
  data: GoalProgressResponse | undefined;
  loading: boolean;
}

/**
 * Each provider's goals to date as bars (docs/behaviour.md section 16): the totals first, then
 * each provider. The figures are the server's; this only shows them. Goals cover every location,
 * so with one chosen the panel says so instead.
 */
export function GoalsPanel({ filters, data, loading }: Props) {
  const narrowed = locationParam(filters.location) !== null;
  return (
    <Panel
      id={GOALS_ID}
      title="Goals"
      description={`Each provider's goals for ${filters.year} to date, against the figures of every location.`}
    >
      {narrowed ? (
        <EmptyState>{GOALS_EVERY_LOCATION}</EmptyState>
      ) : loading ? (
        <TableSkeleton label="Loading goals" rows={3} />
      ) : !data ? null : data.providers.length === 0 ? (
        <EmptyState>
          {noGoalsText(filters.year, providerParam(filters.provider))} <SetThem />
        </EmptyState>
      ) : data.through === null ? (
        <EmptyState>
          {nothingCountedText(filters.year)}{' '}
          <ConfigurationLink>See its goals on the Configuration tab</ConfigurationLink>.
        </EmptyState>
      ) : (
        <Progress data={data} through={data.through} />
      )}
    </Panel>
  );
}

function Progress({ data, through }: { data: GoalProgressResponse; through: string }) {
  const groups = goalGroups(data);
  return (
    <>
      <Text size="sm" fw={600}>
        {throughText(through)}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {GOAL_STATUS_KEY}
        {groups.some((g) => g.total) && ` ${TOTALS_NOTE}`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {groups.map((group) => (
          <GoalGroup key={`${group.total}:${group.name}`} {...group} />
        ))}
      </SimpleGrid>
    </>
  );
}

function GoalGroup({
  name,
  figures,
  total,
}: {
  name: string;
  figures: Record<(typeof GOAL_ROWS)[number]['metric'], GoalFigure>;
  total: boolean;
}) {
  const titleId = useId();
  return (
    <div className={total ? `${classes.group} ${classes.total}` : classes.group}>
      <Title order={3} size="h5" id={titleId}>
        {name}
      </Title>
      <ul className={classes.metrics} aria-labelledby={titleId}>
        {GOAL_ROWS.map(({ metric, label }) => {
          const figure = figures[metric];
          const status = goalStatus(figure);
          return (
            <li key={metric} className={classes.metric} data-status={status}>
              <span className={classes.label}>{label}</span>
              {/* The figures are read right after the name; the word after them. */}
              <span className={classes.figures}>{goalFigureText(metric, figure, total)}</span>
              <span className={classes.status}>
                <span className={classes.dot} aria-hidden />
                {GOAL_STATUS_WORDS[status]}
              </span>
              <span className={classes.track} aria-hidden>
                <span
                  className={classes.bar}
                  style={{ display: 'block', width: `${Math.min(100, Math.max(0, figure.percent ?? 0))}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Goals are set on the Configuration tab: by managers and admins, the others may look. */
function SetThem() {
  const state = useContext(AuthContext)?.state;
  const canSet = state?.status === 'signed-in' && canEditData(state.user.role);
  return canSet ? (
    <>
      Set them on the <ConfigurationLink>Configuration tab</ConfigurationLink>.
    </>
  ) : (
    <>
      Managers and admins set them on the <ConfigurationLink>Configuration tab</ConfigurationLink>.
    </>
  );
}

function ConfigurationLink({ children }: { children: ReactNode }) {
  const href = useTabHref()('configuration');
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the app; a modified one (new tab, window) is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goTo(href);
    window.scrollTo(0, 0);
  };
  return (
    // Underlined: inside a sentence, colour alone would not set it apart.
    <Anchor href={href} onClick={follow} size="sm" fw={500} underline="always">
      {children}
    </Anchor>
  );
}
