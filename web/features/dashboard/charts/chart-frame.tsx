import { Box, Skeleton, Text } from '@mantine/core';
import { Component, type ReactNode, Suspense } from 'react';

/** How tall the Dashboard's charts are drawn. */
export const CHART_HEIGHT = 260;

/** A chart that cannot load (offline) is left out; the table beside it has every figure. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Failed to load chart:', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A chart is a picture of the table next to it, so assistive technology reads it as one image
 * with a description and goes to the table for figures.
 */
export function ChartFrame({
  title,
  description,
  legend,
  children,
}: {
  title: string;
  description: string;
  /** A key drawn under the chart, once it has loaded; the description says the same. */
  legend?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <Box role="img" aria-label={description}>
        <ChartBoundary>
          <Suspense fallback={<Skeleton height={CHART_HEIGHT} aria-hidden />}>
            {children}
            {legend}
          </Suspense>
        </ChartBoundary>
      </Box>
    </Box>
  );
}
