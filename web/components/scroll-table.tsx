import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  /** Names the scrolling box for screen readers. */
  label: string;
  minWidth: number;
  maxHeight?: number;
  /** Called when the box is scrolled to its end. */
  onBottomReached?: () => void;
  children: ReactNode;
}

/**
 * A table that scrolls inside its box (sideways on a phone). The box takes keyboard focus, so it
 * can be scrolled without a mouse.
 */
export function ScrollTable({ label, minWidth, maxHeight, onBottomReached, children }: Props) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      scrollAreaProps={{
        onBottomReached,
        // A named group, not a region: a landmark here would repeat the name of the card around it.
        viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
