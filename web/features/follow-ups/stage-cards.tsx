import { Box, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { STAGE_NAMES, STAGES, type Stage, type WorklistResponse } from '../../../common/api/worklist';
import classes from './follow-ups.module.css';
import { cardName, STAGE_HINTS, STAGES_HINT, thresholdWords } from './words';

interface Props {
  selected: Stage | null;
  /** The answer's counts and thresholds; undefined while the first answer loads. */
  counts: WorklistResponse['counts'] | undefined;
  thresholds: WorklistResponse['thresholds'] | undefined;
  /** The list could not be read: the counts are unknown, not loading. */
  failed: boolean;
  onSelect: (stage: Stage) => void;
}

const HINT_ID = 'follow-ups-stages-hint';

/**
 * One toggle button per stage, small enough that the list starts under them: its name, how many
 * patients are due in it, and its threshold (left out on a phone, where the button's name still
 * says it). The button's name reads them in that order, as one phrase (cardName). What the counts
 * are and how selecting works is the group's description and its hover text, not a line of its own.
 */
export function StageCards({ selected, counts, thresholds, failed, onSelect }: Props) {
  return (
    <Box
      className={classes.stageRow}
      role="group"
      aria-label="Stages"
      aria-describedby={HINT_ID}
      title={STAGES_HINT}
    >
      <VisuallyHidden id={HINT_ID}>{STAGES_HINT}</VisuallyHidden>
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
            title={hint}
            onClick={() => onSelect(stage)}
          >
            {/* Spans only: a button may hold phrasing content, not divs. */}
            <span className={classes.stageName}>
              {pressed && (
                <IconCircleCheckFilled size={14} color="var(--mantine-color-brand-7)" aria-hidden />
              )}
              {STAGE_NAMES[stage]}
            </span>
            <span className={classes.count} data-loading={(count === undefined && !failed) || undefined}>
              {count ?? (failed ? '-' : '\u00a0')}
            </span>
            <span className={classes.threshold}>
              {thresholds ? thresholdWords(thresholds[stage]) : '\u00a0'}
            </span>
            {hint && (
              <VisuallyHidden component="span" id={hintId}>
                {hint}
              </VisuallyHidden>
            )}
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
