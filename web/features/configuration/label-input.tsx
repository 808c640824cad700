import { Autocomplete, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { Ref } from 'react';
import { KNOWN_LABELS } from '../../../common/code-labels';

interface Props {
  value: string;
  onChange: (value: string) => void;
  'aria-label': string;
  placeholder?: string;
  disabled?: boolean;
  /** A message under the box, or true to mark it invalid only. */
  error?: string | true;
  ref?: Ref<HTMLInputElement>;
}

const LABELS = [...KNOWN_LABELS];

/** A row's message is read out as it appears, wherever focus is. */
export const ERROR_PROPS = { role: 'alert' } as const;

/**
 * While the box holds a label exactly (as when a row is opened for editing) every label is
 * offered, so the user sees the choices; once they type, only the labels containing the text.
 */
const filterLabels: OptionsFilter = ({ options, search }) => {
  const text = search.trim().toLowerCase();
  const items = options as ComboboxItem[];
  if (!text || items.some((item) => item.label.toLowerCase() === text)) return items;
  return items.filter((item) => item.label.toLowerCase().includes(text));
};

/**
 * Offers the labels that give a code its meaning (docs/behaviour.md section 3); any other text is allowed
 * and is only a name shown in patient history.
 */
export function LabelInput({
  value,
  onChange,
  placeholder,
  disabled,
  error,
  ref,
  'aria-label': ariaLabel,
}: Props) {
  return (
    <Autocomplete
      data={LABELS}
      filter={filterLabels}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      disabled={disabled}
      aria-label={ariaLabel}
      size="xs"
      maxLength={100}
      error={error}
      errorProps={ERROR_PROPS}
      ref={ref}
    />
  );
}
