import type { PipelineResponse, PipelineStep } from './api/dashboard';

/** How the panel and the PDF name the pipeline's steps and medians, so both read alike. */

export const STEP_LABELS: Record<PipelineStep, string> = {
  consulted: 'Consulted',
  presented: 'Presented',
  accepted: 'Accepted',
  surgery: 'Surgery',
  final: 'Final',
};

type Medians = PipelineResponse['median_days'];

export const MEDIAN_LABELS: readonly { key: keyof Medians; label: string }[] = [
  { key: 'consult_to_accept', label: 'Consult to accept' },
  { key: 'accept_to_surgery', label: 'Accept to surgery' },
  { key: 'surgery_to_final', label: 'Surgery to final' },
];

/**
 * '21.5 days', or the reason there is no figure: no consult of the selection has both dates.
 * The PDF passes its own words, as its standard font has no em dash.
 */
export const medianText = (days: number | null, none = '— (not enough cases)') =>
  days === null ? none : `${days.toFixed(1)} days`;
