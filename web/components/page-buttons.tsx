import { Box, type MantineSize, Pagination } from '@mantine/core';

const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

interface Props {
  /** Names the navigation landmark, e.g. "Audit log pages". */
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
  size?: MantineSize;
  /** Fewer buttons, closer together, for a phone's width. */
  compact?: boolean;
}

/** Buttons to the pages of a long list, each named for a screen reader, the current one marked. */
export function PageButtons({ label, page, pages, onChange, size, compact = false }: Props) {
  return (
    <Box component="nav" aria-label={label}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size={size}
        gap={compact ? 4 : 8}
        siblings={compact ? 0 : 1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        getItemProps={(item) => ({
          'aria-label': `Page ${item}`,
          'aria-current': item === page ? 'page' : undefined,
        })}
      />
    </Box>
  );
}
