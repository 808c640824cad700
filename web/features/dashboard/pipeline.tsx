import { List, Text } from '@mantine/core';
import type { PipelineResponse } from '../../../common/api/dashboard';
import { formatPercent } from '../../../common/format';
import { MEDIAN_LABELS, medianText, STEP_LABELS } from '../../../common/pipeline-words';
import type { Filters } from './filters';
import { EmptyState, NO_DATA_HINT, Panel, TableSkeleton } from './parts';
import classes from './pipeline.module.css';

interface Props {
  filters: Filters;
  data: PipelineResponse | undefined;
  loading: boolean;
}

/** The year's consults followed down the journey (docs/behaviour.md section 13). */
export function PipelinePanel({ filters, data, loading }: Props) {
  const consulted = data?.steps.find((s) => s.step === 'consulted')?.count ?? 0;
  return (
    <Panel
      title="Pipeline"
      description={`The consults of ${filters.year}, followed from consult to final. Each bar is the share of the consulted who reached that step.`}
    >
      {loading ? (
        <TableSkeleton label="Loading pipeline" rows={5} />
      ) : data && consulted > 0 ? (
        <>
          {/* Plain bars, no chart library: the list reads the same to a screen reader as it looks. */}
          <ol className={classes.steps} aria-label="Pipeline steps">
            {data.steps.map((s) => (
              <li key={s.step} className={classes.step}>
                <Text span size="sm" fw={500}>
                  {STEP_LABELS[s.step]}
                </Text>
                <div className={classes.track} aria-hidden>
                  <div
                    className={classes.bar}
                    style={{
                      width: `${Math.min(100, Math.max(0, s.rate))}%`,
                      // A step with a few cases still shows a sliver; an empty one shows none.
                      minWidth: s.count > 0 ? 2 : 0,
                    }}
                  />
                </div>
                <span className={classes.figures}>
                  {s.count} ({formatPercent(s.rate)})
                </span>
              </li>
            ))}
          </ol>
          <Text fw={600} size="sm" mt="md" mb={4}>
            Median days between steps
          </Text>
          <List size="sm" aria-label="Median days between steps">
            {MEDIAN_LABELS.map(({ key, label }) => (
              <List.Item key={key}>
                {label}: {medianText(data.median_days[key])}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <EmptyState>No consults for this selection. {NO_DATA_HINT}</EmptyState>
      )}
    </Panel>
  );
}
