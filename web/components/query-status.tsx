import { Alert, Skeleton, Stack } from '@mantine/core';
import { errorMessage } from '../lib/api';

interface Props {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** Names the skeleton for assistive technology: 'Loading code mappings'. */
  loading: string;
  /** Shown when the server gives no reason of its own: 'Failed to load the code mappings'. */
  failed: string;
  rows?: number;
  rowHeight?: number;
}

/** The skeleton rows while a list loads, or the reason it failed; nothing once it has arrived. */
export function QueryStatus({ query, loading, failed, rows = 4, rowHeight = 28 }: Props) {
  if (query.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label={loading}>
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows, all alike and never reordered
          <Skeleton key={row} height={rowHeight} />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(query.error, failed)}
      </Alert>
    );
  return null;
}
