import { Alert, Button, Card, Skeleton, Stack } from '@mantine/core';
import { Component, type ReactNode, Suspense } from 'react';

interface State {
  failed: boolean;
}

/** A tab whose code cannot load (offline, or a newer release replaced the files) says so. */
class TabErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" variant="light" title="This tab could not be shown">
        <Stack gap="sm" align="flex-start">
          Reload the page to try again. If it keeps happening, tell your administrator.
          <Button size="xs" variant="default" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      </Alert>
    );
  }
}

function TabSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading">
      <Stack gap="sm">
        <Skeleton height={24} width="40%" />
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton height={16} width="70%" />
      </Stack>
    </Card>
  );
}

export function TabBoundary({ children }: { children: ReactNode }) {
  return (
    <TabErrorBoundary>
      <Suspense fallback={<TabSkeleton />}>{children}</Suspense>
    </TabErrorBoundary>
  );
}
