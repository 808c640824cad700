import { Badge } from '@mantine/core';
import type { WinLoss } from '../../../common/api/config';

interface Look {
  label: string;
  background: string;
  text: string;
}

// Pale fills with dark text: every pair stays above 4.5:1 contrast, and the word says the outcome
// so colour is never the only signal.
const LOOKS: Record<WinLoss, Look> = {
  Won: { label: 'Won', background: 'var(--mantine-color-green-1)', text: '#1b5e2a' },
  Lost: { label: 'Lost', background: 'var(--mantine-color-red-1)', text: '#a61e1e' },
  PF: { label: 'Pending Finance', background: 'var(--mantine-color-yellow-2)', text: '#6b4e00' },
  'N/A': { label: 'Pending', background: 'var(--mantine-color-gray-2)', text: 'var(--mantine-color-gray-8)' },
};

/** The outcome label for a scoresheet win/loss; 'Pending' when there is no outcome yet. */
export const outcomeLabel = (winLoss: WinLoss | null | undefined) => LOOKS[winLoss ?? 'N/A'].label;

export function OutcomeBadge({ winLoss }: { winLoss: WinLoss | null | undefined }) {
  const look = LOOKS[winLoss ?? 'N/A'];
  return (
    <Badge
      variant="filled"
      size="lg"
      radius="sm"
      // Never cut to an ellipsis on a narrow screen: the whole word is the outcome.
      styles={{
        root: { background: look.background, color: look.text, textTransform: 'none', maxWidth: 'none' },
        label: { overflow: 'visible' },
      }}
    >
      {look.label}
    </Badge>
  );
}
