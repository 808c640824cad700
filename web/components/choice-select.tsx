import { Select, type SelectProps } from '@mantine/core';

interface Props extends Pick<SelectProps, 'style'> {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** Said when a search finds nothing: 'No provider by that name'. */
  nothingFound: string;
}

/**
 * A select of names that always holds one (the first option means every one): searchable once
 * the list is too long to scan. The Provider and Location selects of every tab.
 */
export function ChoiceSelect({ label, options, value, onChange, nothingFound, style }: Props) {
  return (
    <Select
      label={label}
      data={[...options]}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      searchable={options.length > 8}
      nothingFoundMessage={nothingFound}
      style={style}
    />
  );
}
