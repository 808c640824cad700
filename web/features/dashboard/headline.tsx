import { SimpleGrid, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { SummaryResponse } from '../../../common/api/dashboard';
import { CONSULT_OVERVIEW_ID } from './consult-overview';
import classes from './dashboard.module.css';
import type { DetailRequest } from './detail-request';
import type { Filters } from './filters';
import { comparisonText, type Drill, headlines } from './headline-figures';

interface Props {
  filters: Filters;
  data: SummaryResponse | undefined;
  loading: boolean;
  onOpen: (request: DetailRequest) => void;
}

/** Moves the reader to the Consult Overview, which breaks the figure down by provider. */
function showOverview() {
  const panel = document.getElementById(CONSULT_OVERVIEW_ID);
  if (!panel) return;
  panel.scrollIntoView({ block: 'start' });
  panel.focus({ preventScroll: true });
}

/**
 * The six figures of the PDF report at the top of the tab, each with the year before's beside it
 * (the two future values are not by year, and say so). Each opens what lies behind it.
 */
export function HeadlineFigures({ filters, data, loading, onOpen }: Props) {
  const titleId = useId();
  const open = (drill: Drill) => ('list' in drill ? onOpen(drill.list) : showOverview());
  return (
    <section aria-labelledby={titleId}>
      <VisuallyHidden>
        <h2 id={titleId}>Headline figures for {filters.year}</h2>
      </VisuallyHidden>
      {loading ? (
        <SimpleGrid
          cols={{ base: 2, sm: 3, lg: 6 }}
          spacing="sm"
          aria-busy="true"
          aria-label="Loading headline figures"
        >
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : data ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          {headlines(data, filters).map((figure) => (
            <UnstyledButton
              key={figure.label}
              className={classes.headline}
              onClick={() => open(figure.drill)}
              aria-label={`${figure.label}: ${figure.value}. ${comparisonText(figure)}. ${figure.action}`}
            >
              <Text size="sm" c="dimmed" fw={500} className={classes.headlineLabel}>
                {figure.label}
              </Text>
              <Text className={classes.headlineValue}>{figure.value}</Text>
              <Text size="xs" c="dimmed">
                {figure.comparison}
                {figure.change && (
                  <>
                    {' '}
                    <span className={classes.oneLine}>({figure.change})</span>
                  </>
                )}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      ) : null}
    </section>
  );
}
