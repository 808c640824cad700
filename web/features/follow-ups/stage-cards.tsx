import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { STAGE_NAMES, STAGES, type Stage, type WorklistResponse } from '../../../common/api/worklist';
import classes from './follow-ups.module.css';
import { cardName, STAGE_HINTS, thresholdWords } from './words';

interface Props {
  selected: Stage | null;
  /** The answer's counts and thresholds; undefined while the first answer loads. */
  counts: WorklistResponse['counts'] | undefined;
  thresholds: WorklistResponse['thresholds'] | undefined;
  /** The list could not be read: the counts are unknown, not loading. */
  failed: boolean;
  onSelect: (stage: Stage) => void;
}

/**
 * One toggle button per stage: its name, how many patients are due in it, and its threshold. The
 * button's name reads them in that order, as one phrase (cardName).
 */
export function StageCards({ selected, counts, thresholds, failed, onSelect }: Props) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" role="group" aria-label="Stages">
      {STAGES.map((stage) => {
        const pressed = selected === stage;
        const count = counts?.[stage];
        const hint = STAGE_HINTS[stage];
        const hintId = `stage-hint-${stage}`;
        return (
          <UnstyledButton
            key={stage}
            className={classes.stageCard}
            aria-pressed={pressed}
            aria-label={cardName(stage, count, failed, thresholds)}
            aria-describedby={hint ? hintId : undefined}
            onClick={() => onSelect(stage)}
          >
            {/* Spans only: a button may hold phrasing content, not divs. */}
            <span className={classes.stageHead}>
              <span className={classes.stageName}>{STAGE_NAMES[stage]}</span>
              {pressed && (
                <IconCircleCheckFilled size={20} color="var(--mantine-color-brand-7)" aria-hidden />
              )}
            </span>
            <span className={classes.count} data-loading={(count === undefined && !failed) || undefined}>
              {count ?? (failed ? '-' : '\u00a0')}
            </span>
            <span className={classes.threshold}>
              {thresholds ? thresholdWords(thresholds[stage]) : '\u00a0'}
            </span>
            {hint && (
              <span className={classes.stageHint} id={hintId}>
                {hint}
              </span>
            )}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
